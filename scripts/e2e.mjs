// End-to-end tests: builds the web app if stale, checks the login page's bundle budget
// (scripts/bundle-size.mjs), then runs Playwright in Debian's Chromium.
// The Playwright global setup starts a real server on a free port with a fresh data directory.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale } from './server-build.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!buildWebIfStale({ quiet: true })) process.exit(1);
// The login page's JavaScript + CSS within its gzip budget (issue 16), read from the build above.
const size = spawnSync('node', ['scripts/bundle-size.mjs', '--summary'], { cwd: root, stdio: 'inherit' });
if (size.status !== 0) process.exit(1);
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
