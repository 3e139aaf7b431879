// Builds the web app when its sources are newer than the last build, so `npm start` and the
// end-to-end tests always serve what is in the tree without rebuilding needlessly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'apps/web/dist/index.html');
const sourceDirs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return sourceDirs.some((dir) => newestMtime(join(root, dir)) > built);
}

export function buildWebIfStale({ quiet = false } = {}) {
  if (!webBuildIsStale()) return true;
  if (!quiet) console.log('Building the web app (first start or sources changed)...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@fleet/web'], {
    cwd: root,
    stdio: quiet ? 'pipe' : 'inherit',
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(result.stdout?.toString() ?? '');
    console.error('The web app failed to build; see the output above.');
    return false;
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `--soft` (npm's prepare step): a web build that fails must not block installing dependencies;
  // `npm start` builds again and stops there with the error.
  const soft = process.argv.includes('--soft');
  const ok = buildWebIfStale();
  if (!ok && soft) console.warn('Continuing without a web build; npm start will try again.');
  process.exit(ok || soft ? 0 : 1);
}
