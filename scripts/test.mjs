// `npm test`: every check CI runs, in order, with one summary line at the end
// ("tests: N passed, N failed") that counts the test cases of every suite.
//
// Stages: lint, typecheck, unit + API tests on PGlite, the API suite again on PostgreSQL when
// TEST_DATABASE_URL is set (required when CI=true), the durability tests, and the end-to-end
// tests in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const ci = process.env.CI === 'true' || process.env.CI === '1';

const results = [];
let passed = 0;
let failed = 0;

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 100) / 10 });
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
}

function skipOrFail(name, reason) {
  if (ci) {
    console.error(`\n=== ${name}: FAILED: ${reason} (required when CI=true)`);
    results.push({ name, ok: false, seconds: 0 });
    failed += 1;
  } else {
    console.warn(`\n=== ${name}: not run: ${reason}`);
    results.push({ name, ok: true, seconds: 0, note: 'not run' });
  }
}

const vitestArgs = (file) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${file}`,
];

run('lint', 'npx', ['biome', 'check', '.']);
run('typecheck', 'npm', ['run', '--silent', 'typecheck']);

const unitReport = join(out, 'unit.json');
run('unit and API tests (PGlite)', 'npx', vitestArgs(unitReport));
countVitest(unitReport);

if (process.env.TEST_DATABASE_URL) {
  const pgReport = join(out, 'pg.json');
  run('API tests (PostgreSQL)', 'npx', [...vitestArgs(pgReport), '--project', 'server'], { TEST_DB: 'pg' });
  countVitest(pgReport);
} else {
  skipOrFail('API tests (PostgreSQL)', 'TEST_DATABASE_URL is not set');
}

// Kills a private PostgreSQL (Debian's binaries) and the platform process during QoS 1 ingest.
const pgBin = '/usr/lib/postgresql/15/bin/pg_ctl';
if (existsSync(pgBin)) {
  const durabilityReport = join(out, 'durability.json');
  run('durability tests (kill PostgreSQL, kill the platform)', 'npx', [
    ...vitestArgs(durabilityReport),
    '--root',
    'apps/server',
    '--config',
    'test-durability/vitest.config.ts',
  ]);
  countVitest(durabilityReport);
} else {
  skipOrFail('durability tests (kill PostgreSQL, kill the platform)', `no PostgreSQL binaries at ${pgBin}`);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  const e2eReport = join(out, 'e2e.json');
  run('end-to-end tests (Chromium)', 'node', ['scripts/e2e.mjs'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport });
  countPlaywright(e2eReport);
} else {
  skipOrFail('end-to-end tests (Chromium)', `no Chromium at ${chromium} (apt-get install chromium)`);
}

console.log('\n=== summary');
for (const r of results)
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)${r.note ? ` ${r.note}` : ''}`);
const stageFailures = results.filter((r) => !r.ok).length;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(stageFailures > 0 || failed > 0 ? 1 : 0);
