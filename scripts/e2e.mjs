// End-to-end tests: builds the web app if stale, then runs Playwright in Debian's Chromium.
// The Playwright global setup starts a real server on a free port with a fresh data directory.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale } from './server-build.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!buildWebIfStale({ quiet: true })) process.exit(1);
if (!(await buildServerIfStale({ quiet: true }))) process.exit(1);
const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
