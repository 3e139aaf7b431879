/**
 * History benchmark (issue 6): 10 million stored points over 100 points (30 days each), then
 * - one series over 30 days drawn with at most 2,000 points through the HTTP API (rollups), against the
 *   same series aggregated from raw rows (the baseline, measured in the same run);
 * - an export of 1 million rows (background job, csv) while the API answers a steady stream of chart
 *   requests, against the same stream with no export running.
 * On embedded PGlite and on PostgreSQL (`BENCH_DATABASE_URL`, default the local server; skipped with a
 * note when unreachable). Prints one JSON document. `BENCH_HISTORY_ROWS` scales the data (default 10M);
 * `BENCH_HISTORY_TARGETS=postgres` measures PostgreSQL alone (issue 13's 100M rows:
 * `BENCH_HISTORY_ROWS=100000000 BENCH_HISTORY_TARGETS=postgres npm run bench:history`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { parseConfig } from '../apps/server/src/config.js';
import { createTelemetryRepository } from '../apps/server/src/modules/telemetry/telemetry.repository.js';
import { ensureHistoryPartitions } from '../apps/server/src/pipeline/history-partitions.js';
import { transmittedPassword } from '../apps/server/src/platform/auth/password.js';
import { createRuntime } from '../apps/server/src/platform/runtime.js';
import {
  type BenchDatabase,
  createFleet,
  embeddedDatabase,
  type Fleet,
  postgresDatabase,
  serverVersion,
} from './support/fleet.js';

const POINTS = 100;
const ROWS = Number(process.env.BENCH_HISTORY_ROWS ?? 10_000_000);
const DAY = 86_400_000;
const SPAN = 30 * DAY;
const SERIES_REQUESTS = Number(process.env.BENCH_SERIES_REQUESTS ?? 200);
const BASELINE_REQUESTS = 20;
const EXPORT_POINTS = 10; // 10 x 100,000 rows = 1,000,000 rows
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Which databases to measure (comma-separated `embedded`, `postgres`): 100M rows is a PostgreSQL figure. */
const TARGETS = new Set(
  (process.env.BENCH_HISTORY_TARGETS ?? 'embedded,postgres').split(',').map((t) => t.trim()),
);

/** Progress on stderr (the figures go to stdout as one JSON document). */
const progress = (line: string) => process.stderr.write(`[bench:history] ${line}\n`);
const round1 = (n: number) => Math.round(n * 10) / 10;
function percentiles(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => round1(s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0);
  return {
    count: s.length,
    p50_ms: at(0.5),
    p95_ms: at(0.95),
    p99_ms: at(0.99),
    max_ms: round1(s.at(-1) ?? 0),
  };
}

/** 100,000 readings per point, evenly over the 30 days before `end`, a slow wave with noise. */
async function seed(bench: BenchDatabase, fleet: Fleet, end: number) {
  const perPoint = Math.floor(ROWS / POINTS);
  const step = SPAN / perPoint;
  const points = fleet.devices.flatMap((d) => d.points);
  const started = performance.now();
  await ensureHistoryPartitions(bench.database, { now: new Date(end), retentionMonths: 24 });
  for (const pointId of points) {
    await bench.database.db.execute(sql`insert into point_history (point_id, ts, value)
      select ${pointId}, to_timestamp((${end - SPAN}::float8 + i * ${step}::float8) / 1000),
        round((20 + 10 * sin(i / 900.0 + ${pointId}) + random())::numeric, 3)
      from generate_series(0, ${perPoint - 1}) i`);
  }
  await bench.database.db.execute(sql`analyze point_history`);
  return { rows: perPoint * points.length, seconds: round1((performance.now() - started) / 1000) };
}

async function measure(bench: BenchDatabase, label: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-history-'));
  const config = parseConfig({ DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web') });
  const end = Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000;
  const fleet = await createFleet(bench.database, POINTS / 10, 10);
  progress(`${label}: seeding ${ROWS} rows`);
  const seeded = await seed(bench, fleet, end);
  progress(`${label}: seeded in ${seeded.seconds} s, rolling up`);
  const runtime = await createRuntime({ config, database: bench.database });
  const app = await buildApp({ runtime, config, database: bench.database, tokenKey: randomBytes(32) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;
  try {
    const rollupStart = performance.now();
    await runtime.rollups.catchUp();
    const rollupSeconds = (performance.now() - rollupStart) / 1000;
    progress(`${label}: rolled up in ${round1(rollupSeconds)} s, drawing series`);

    const login = await fetch(`${base}/login/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: bench.admin.username,
        password: transmittedPassword(bench.admin.password),
      }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const get = async (path: string) => {
      const began = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { 'X-Token': token } });
      const body = (await res.json()) as { code: number; data: unknown };
      if (body.code !== 0) throw new Error(`${path}: ${JSON.stringify(body)}`);
      return { ms: performance.now() - began, data: body.data };
    };
    const points = fleet.devices.flatMap((d) => d.points);
    const range = (from: number, to: number) =>
      `starttime=${new Date(from).toISOString()}&endtime=${new Date(to).toISOString()}`;

    // ---- one series over 30 days, at most 2,000 points
    const seriesPath = (pointId: number) =>
      `/device/history/series?point_ids=${pointId}&${range(end - SPAN, end)}&points=2000`;
    await get(seriesPath(points[0]!)); // warm-up
    const samples: number[] = [];
    let drawn = 0;
    for (let i = 0; i < SERIES_REQUESTS; i += 1) {
      const { ms, data } = await get(seriesPath(points[i % points.length]!));
      samples.push(ms);
      drawn = (data as { series: { points: unknown[] }[] }).series[0]!.points.length;
    }
    const repo = createTelemetryRepository(bench.database.db);
    const rawSamples: number[] = [];
    for (let i = 0; i < BASELINE_REQUESTS; i += 1) {
      const began = performance.now();
      await repo.aggregated(
        [points[i % points.length]!],
        new Date(end - SPAN),
        new Date(end),
        1_296_649,
        'avg',
      );
      rawSamples.push(performance.now() - began);
    }

    // ---- export of 1,000,000 rows while the API answers chart requests
    const chart = (i: number) => seriesPath(points[(i * 7) % points.length]!);
    const steady = async (until: () => boolean, minCount: number) => {
      const out: number[] = [];
      for (let i = 0; !until() || out.length < minCount; i += 1) {
        out.push((await get(chart(i))).ms);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return out;
    };
    progress(`${label}: API latency with no export`);
    const idle = await steady(() => true, 100);
    progress(`${label}: exporting`);
    const exportIds = points.slice(0, EXPORT_POINTS).join(',');
    const created = await fetch(`${base}/dataCenter/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Token': token },
      body: JSON.stringify({
        kind: 'history',
        params: {
          point_ids: exportIds,
          starttime: new Date(end - SPAN).toISOString(),
          endtime: new Date(end).toISOString(),
        },
        format: 'csv',
        lang: 'en',
        tz: 'UTC',
      }),
    });
    const job = ((await created.json()) as { code: number; data: { id: number }; msg: string }).data;
    if (!job?.id) throw new Error('export was not queued');
    const exportStart = performance.now();
    let finished: { status: string; rows: number; size: number; error: string } | undefined;
    const poll = (async () => {
      for (;;) {
        const list = (await get('/dataCenter/fileDownload?limit=10')).data as {
          rows: { id: number; status: string; rows: number; size: number; error: string }[];
        };
        const row = list.rows.find((r) => r.id === job.id);
        if (row && ['done', 'failed', 'expired'].includes(row.status)) return row;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })().then((row) => {
      finished = row;
    });
    const during = await steady(() => finished !== undefined, 20);
    await poll;
    const exportSeconds = (performance.now() - exportStart) / 1000;

    const series = percentiles(samples);
    const busy = percentiles(during);
    return {
      database: label,
      seeded,
      rollup_catch_up: {
        seconds: round1(rollupSeconds),
        rows_per_s: Math.round(seeded.rows / rollupSeconds),
      },
      series_30_days: {
        ...series,
        points_drawn: drawn,
        target: 'p99 < 100 ms, <= 2,000 points',
        meets_target: series.p99_ms < 100 && drawn <= 2000,
      },
      baseline_raw_aggregation_30_days: percentiles(rawSamples),
      export_1m_rows: {
        status: finished?.status,
        error: finished?.error || undefined,
        rows: finished?.rows,
        bytes: finished?.size,
        seconds: round1(exportSeconds),
        rows_per_s: Math.round((finished?.rows ?? 0) / exportSeconds),
        api_while_idle: percentiles(idle),
        api_during_export: busy,
        target: 'API p99 < 100 ms during the export',
        meets_target: finished?.status === 'done' && busy.p99_ms < 100,
      },
    };
  } finally {
    await app.close();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const results: Record<string, unknown> = { rows: ROWS, points: POINTS, span_days: 30 };
  if (TARGETS.has('embedded')) {
    const embedded = await embeddedDatabase();
    try {
      results.embedded = await measure(embedded, 'PGlite (embedded, data directory on disk)');
    } finally {
      await embedded.dispose();
    }
  }
  if (!TARGETS.has('postgres')) {
    results.postgres = { skipped: 'not in BENCH_HISTORY_TARGETS' };
  } else if (await serverVersion(pgUrl)) {
    const bench = await postgresDatabase(pgUrl);
    try {
      results.postgres = await measure(bench, 'PostgreSQL');
    } finally {
      await bench.dispose();
    }
  } else {
    results.postgres = { skipped: `PostgreSQL not reachable at BENCH_DATABASE_URL (${new URL(pgUrl).host})` };
  }
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:history failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
