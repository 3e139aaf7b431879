// The production build of the server: apps/server/src/main.ts bundled into apps/server/dist/main.js,
// so `npm start` runs plain JavaScript (no tsx, no TypeScript compiler at run time).
// The workspace packages (@fleet/contracts, @fleet/protocols, ...) export TypeScript sources and are
// bundled in; every other package stays an ordinary import from node_modules, so the platform's
// dependencies keep their own files (PGlite's WASM, pino's workers) where they expect them.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outfile = join(root, 'apps/server/dist/main.js');
const sources = ['apps/server/src', 'apps/server/package.json', 'packages'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function serverBuildIsStale() {
  if (!existsSync(outfile)) return true;
  const built = statSync(outfile).mtimeMs;
  return sources.some((dir) => newestMtime(join(root, dir)) > built);
}

/** Bundles the workspace packages, keeps everything from node_modules external. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@fleet/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer({ quiet = false } = {}) {
  const { build } = await import('esbuild');
  if (!quiet) console.log('Building the server (first start or sources changed)...');
  await build({
    entryPoints: {
      main: join(root, 'apps/server/src/main.ts'),
      // Writes the migrated empty database that a first start loads instead of running initdb.
      'db-template': join(root, 'apps/server/src/db-template.ts'),
    },
    outdir: join(root, 'apps/server/dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: quiet ? 'error' : 'warning',
    plugins: [externalDependencies],
  });
  const template = spawnSync(process.execPath, [join(root, 'apps/server/dist/db-template.js')], {
    cwd: root,
    stdio: quiet ? 'pipe' : 'inherit',
  });
  if (template.status !== 0) {
    throw new Error(`writing the first-start database failed: ${template.stderr?.toString() ?? ''}`);
  }
}

export async function buildServerIfStale(options = {}) {
  if (!serverBuildIsStale()) return true;
  try {
    await buildServer(options);
    return true;
  } catch (error) {
    console.error(`The server failed to build: ${error instanceof Error ? error.message : error}`);
    return false;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ok = process.argv.includes('--force')
    ? await buildServer().then(() => true)
    : await buildServerIfStale();
  process.exit(ok ? 0 : 1);
}
