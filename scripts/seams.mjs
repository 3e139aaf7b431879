// Counts the seams of DESIGN 4 and 6 on the server and web trees (issue "Seams before the second
// half"): run `node scripts/seams.mjs` before and after a change and compare. Prints JSON; with
// `--list` also where each count comes from; with `--check` exits 1 when a count rises above the
// ceiling recorded below (lower a ceiling when a change lowers its count).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const list = process.argv.includes('--list');
const check = process.argv.includes('--check');
/** Counts measured after the seams work of issue 15 (before it: 26 / 19 / 69 / 9 by this script). */
const CEILINGS = {
  tenancy_filter_sites: 0,
  tenancy_filter_files: 0,
  // 34 and 9 when issue 15 was written; a module reaches another through its service, SQL stays in repositories.
  cross_module_repository_imports: 0,
  files_with_sql_outside_repositories: 0,
  // 18 before the one-hook-per-file split of issue 15 (DESIGN 4); a second hook goes in its own file.
  web_api_files_with_several_hooks: 0,
  // 4 before issue 15 (the demo fleet imported the simulator tool); the demo's devices are @fleet/device-sim.
  server_files_importing_the_simulator: 0,
  // 3 before issue 15 (HTTP ingest, device import, EMQX events); the rules moved into services.
  route_handlers_calling_several_services: 0,
};

function files(dir, keep) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...files(path, keep));
    else if (keep(path)) out.push(path);
  }
  return out;
}

const isTest = (p) => /\.test\.tsx?$|test-support|\.test-support\.ts$|fixtures/.test(p);
const server = files(join(root, 'apps/server/src'), (p) => p.endsWith('.ts') && !isTest(p));
const web = files(join(root, 'apps/web/src'), (p) => /\.tsx?$/.test(p) && !isTest(p));
const contracts = files(join(root, 'packages/contracts/src'), (p) => p.endsWith('.ts') && !isTest(p));
const rel = (p) => relative(root, p).split(sep).join('/');
const text = new Map([...server, ...web, ...contracts].map((p) => [p, readFileSync(p, 'utf8')]));

const moduleOf = (p) => rel(p).match(/apps\/server\/src\/modules\/([^/]+)\//)?.[1] ?? null;

// 1. The tenancy filter written out: `path LIKE` (either case) with the scope's data path, a pattern
//    built from `dataPath`, or the rule redone on a loaded path (SQL and code, not comments). The one
//    place allowed to write it is platform/tenancy/ (the rule itself).
const tenancy = [];
for (const p of server) {
  if (rel(p).startsWith('apps/server/src/platform/tenancy/')) continue;
  text
    .get(p)
    .split('\n')
    .forEach((line, i) => {
      if (/^\s*(\*|\/\/|\/\*)/.test(line)) return;
      if (
        /path\}?\s+LIKE|path,\s*`?\$\{|dataPath\}?%|startsWith\([^)]*dataPath/i.test(line) ||
        /like\([^)]*path/i.test(line)
      )
        tenancy.push(`${rel(p)}:${i + 1}`);
    });
}

// 2. Imports of another module's repository (or table-level SQL helpers) from a module or pipeline file.
//    The import is resolved against the importing file, so a sub-folder of the same module (e.g.
//    maintenance/plans -> maintenance/assets) is the module's own repository.
const crossRepo = [];
for (const p of server) {
  const own = moduleOf(p);
  for (const m of text.get(p).matchAll(/from '(\.[^']*\.repository\.js)'/g)) {
    const target = moduleOf(join(dirname(p), m[1]));
    if (target !== own) crossRepo.push(`${rel(p)} -> ${m[1]}`);
  }
}

// 3. SQL outside repositories: files that import drizzle-orm's query building (sql``, operators,
//    table helpers) but are not *.repository.ts, table, schema or database files.
const sqlOutside = [];
for (const p of server) {
  const name = rel(p);
  if (/\.repository\.ts$|\.table\.ts$|platform\/db\/|platform\/tenancy\/|\/migrations\//.test(name)) continue;
  if (/from 'drizzle-orm(\/[^']*)?'/.test(text.get(p).replace(/import type [^;]*;/g, '')))
    sqlOutside.push(name);
}

// 4. Web api files exporting more than one hook.
const multiHook = [];
for (const p of web) {
  if (!/\/api\//.test(rel(p))) continue;
  const hooks = [...text.get(p).matchAll(/export (?:function|const) (use[A-Z]\w*)/g)].length;
  if (hooks > 1) multiHook.push(`${rel(p)} (${hooks})`);
}

// 5. Files over 400 lines.
const long = [];
for (const p of [...server, ...web, ...contracts]) {
  const lines = text.get(p).split('\n').length;
  if (lines > 400) long.push(`${rel(p)} (${lines})`);
}

// 6. The server importing the simulator (a tool) for its demo.
const simulator = server
  .filter((p) => /from '@fleet\/simulator(\/[^']*)?'|from '[^']*tools\/simulator\//.test(text.get(p)))
  .map(rel);

// 7. Route handlers awaiting more than one service call (DESIGN 4: a route validates and calls ONE
//    service function). Counted per handler of `app.<verb>(...)` in *.routes.ts: distinct awaited
//    `object.method(` calls, `request.` and `reply.` aside (reading the body is validation); a call
//    to a local helper function is not counted, so a helper hiding a second call escapes this count.
function skipString(src, i) {
  const quote = src[i];
  for (let j = i + 1; j < src.length; j++) {
    if (src[j] === '\\') j++;
    else if (src[j] === quote) return j;
  }
  return src.length;
}
function handlerBodies(src) {
  const out = [];
  for (const m of src.matchAll(/\bapp\.(?:get|post|put|delete|patch)(?:<[^>]*>)?\(/g)) {
    let depth = 0;
    const commas = [m.index + m[0].length];
    let end = src.length;
    for (let i = m.index + m[0].length - 1; i < src.length; i++) {
      const c = src[i];
      if (c === "'" || c === '"' || c === '`') i = skipString(src, i);
      else if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) {
        depth--;
        if (depth === 0) {
          end = i;
          break;
        }
      } else if (c === ',' && depth === 1) commas.push(i + 1);
    }
    // The handler is the last argument (before a trailing comma, if any).
    let handler = src.slice(commas.at(-1), end);
    if (!handler.trim() && commas.length > 1) handler = src.slice(commas.at(-2), commas.at(-1) - 1);
    out.push({ line: src.slice(0, m.index).split('\n').length, handler });
  }
  return out;
}
const busyHandlers = [];
for (const p of server) {
  if (!p.endsWith('.routes.ts')) continue;
  for (const { line, handler } of handlerBodies(text.get(p))) {
    const calls = new Set(
      [...handler.matchAll(/await\s+([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)\(/g)]
        .map((c) => c[1])
        .filter((c) => !/^(request|reply)\./.test(c)),
    );
    if (calls.size > 1) busyHandlers.push(`${rel(p)}:${line} (${[...calls].join(', ')})`);
  }
}

const report = {
  tenancy_filter_sites: tenancy.length,
  tenancy_filter_files: new Set(tenancy.map((s) => s.split(':')[0])).size,
  cross_module_repository_imports: crossRepo.length,
  files_with_sql_outside_repositories: sqlOutside.length,
  web_api_files_with_several_hooks: multiHook.length,
  files_over_400_lines: long.length,
  server_files_importing_the_simulator: simulator.length,
  route_handlers_calling_several_services: busyHandlers.length,
};
if (list)
  Object.assign(report, {
    where: { tenancy, crossRepo, sqlOutside, multiHook, long, simulator, busyHandlers },
  });
console.log(JSON.stringify(report, null, 2));
if (check) {
  const over = Object.entries(CEILINGS).filter(([key, max]) => report[key] > max);
  for (const [key, max] of over) console.error(`seams: ${key} is ${report[key]}, above its ceiling ${max}`);
  if (over.length > 0) process.exit(1);
}
