import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MODULE_KEYS, MODULES_WITH_FEATURES } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';

/** The web app's own sources (tests excluded): where a module switch can gate a route or an action. */
function sources(dir: string): string {
  let text = '';
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) text += sources(path);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) text += readFileSync(path, 'utf8');
  }
  return text;
}

describe('module switches offered in platform management', () => {
  const app = sources(join(import.meta.dirname, '..', '..', '..'));
  const gates = (key: string) => app.includes(`module: '${key}'`) || app.includes(`modules.${key}`);

  it('each offered switch gates something that exists', () => {
    for (const key of MODULES_WITH_FEATURES) expect(gates(key), key).toBe(true);
  });

  it('a switch the app uses is offered (a new feature adds its module to the list)', () => {
    const used = MODULE_KEYS.filter(gates);
    expect([...used].sort()).toEqual([...MODULES_WITH_FEATURES].sort());
  });
});
