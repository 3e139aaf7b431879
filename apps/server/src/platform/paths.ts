import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of apps/server, found by walking up from this module to the package.json named
 * @fleet/server. The same code runs from the TypeScript sources (src/platform/paths.ts, under tsx
 * and Vitest) and from the production bundle (dist/main.js), whose depths differ, so no path here
 * may count `../` from import.meta.url.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@fleet/server') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('apps/server/package.json (@fleet/server) not found above the server code');
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();

/** Drizzle migrations: read from the source tree in both modes (the bundle does not copy them). */
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'src', 'platform', 'db', 'migrations');

/** apps/web/dist of this repository. */
export const DEFAULT_WEB_DIST = join(SERVER_ROOT, '..', 'web', 'dist');
