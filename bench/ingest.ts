/**
 * Ingest benchmark (DESIGN 7): readings through the real pipeline (latest values, history by
 * storage mode, daily counters, one transaction per batch) against raw inserts of the same rows in
 * the same run. Prints one JSON document. `BENCH_DATABASE_URL` (default the local PostgreSQL)
 * selects the server for the PostgreSQL part; it is skipped with a note when unreachable.
 * The scale_out part runs the compiled server as one and as two processes sharing the load
 * (bench/support/scale-out-run.ts).
 */

import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import {
  type BenchDatabase,
  createFleet,
  embeddedDatabase,
  type Fleet,
  postgresDatabase,
  serverVersion,
} from './support/fleet.js';
import { hourStart, measureEmbeddedIngest } from './support/ingest-embedded.js';
import { runMqtt } from './support/mqtt-run.js';
import { historyCount, rawRows, runPipeline } from './support/pipeline-run.js';
import { compareHistoryInserts, rawCopy } from './support/raw-insert.js';
import { runScaleOut } from './support/scale-out-run.js';
import { withStageTimes } from './support/stage-timer.js';

const DEVICES = 100;
const POINTS = 20;
const IN_FLIGHT = 1000;
const TARGETS = {
  embedded_points_per_s: 20_000,
  postgres_points_per_s: 100_000,
  postgres_ratio_to_raw_copy: 0.8, // issue 13 item 5
};
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Readings in the timed runs: rounds x DEVICES x POINTS. */
const EMBEDDED_ROUNDS = Number(process.env.BENCH_EMBEDDED_ROUNDS ?? 100); // 200,000 readings
const POSTGRES_ROUNDS = Number(process.env.BENCH_POSTGRES_ROUNDS ?? 300); // 600,000 readings

/** Publish rate of the MQTT part (issue 13: p99 publish-to-stored < 25 ms at 20,000 points/s). */
const MQTT_POINTS_PER_S = Number(process.env.BENCH_MQTT_POINTS_PER_S ?? 20_000);
const MQTT_SECONDS = Number(process.env.BENCH_MQTT_SECONDS ?? 10);
const MQTT_TARGET_P99_MS = 25;

/** Scale-out part (issue 13: two instances sharing the load report the combined throughput). */
const SCALE_OUT_POINTS_PER_S = Number(process.env.BENCH_SCALE_OUT_POINTS_PER_S ?? 20_000);
const SCALE_OUT_SECONDS = Number(process.env.BENCH_SCALE_OUT_SECONDS ?? 10);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MOSQUITTO = '/usr/sbin/mosquitto';

const round3 = (n: number) => Math.round(n * 1000) / 1000;
/** `BENCH_PARTS=postgres,mqtt` runs only those parts (default all: embedded, postgres, mqtt, scale_out). */
const PARTS = new Set(
  (process.env.BENCH_PARTS ?? 'embedded,postgres,mqtt,scale_out').split(',').map((p) => p.trim()),
);
const part = async <T>(name: string, run: () => Promise<T>) =>
  PARTS.has(name) ? await run() : { skipped: `not in BENCH_PARTS (${[...PARTS].join(',')})` };

/** MQTT end to end on a fresh database: embedded (the default deployment), then PostgreSQL. */
async function mqttEndToEnd() {
  const run = async (bench: BenchDatabase) => {
    try {
      const fleet = await createFleet(bench.database, DEVICES, POINTS);
      const result = await runMqtt(bench.database, fleet, MQTT_POINTS_PER_S, MQTT_SECONDS);
      return {
        ...result,
        target_publish_to_stored_p99_ms: MQTT_TARGET_P99_MS,
        meets_target:
          result.failed === 0 &&
          result.publish_to_stored_ms.p99 < MQTT_TARGET_P99_MS &&
          result.achieved_points_per_s >= MQTT_POINTS_PER_S * 0.95,
      };
    } finally {
      await bench.dispose();
    }
  };
  const version = await serverVersion(pgUrl);
  return {
    embedded: await run(await embeddedDatabase()),
    postgres: version
      ? await run(await postgresDatabase(pgUrl))
      : { skipped: `PostgreSQL not reachable at BENCH_DATABASE_URL (${new URL(pgUrl).host})` },
  };
}

async function postgres() {
  const version = await serverVersion(pgUrl);
  if (!version) return { skipped: `PostgreSQL not reachable at BENCH_DATABASE_URL (${new URL(pgUrl).host})` };
  let bench: BenchDatabase | undefined;
  try {
    bench = await postgresDatabase(pgUrl);
    const { database } = bench;
    const fleet: Fleet = await createFleet(database, DEVICES, POINTS);
    const { result: pipeline, stage_ms } = await withStageTimes(() =>
      runPipeline(database, fleet, POSTGRES_ROUNDS, hourStart(0), IN_FLIGHT),
    );
    const rows = rawRows(fleet, POSTGRES_ROUNDS, hourStart(10));
    const textSeconds = await rawCopy(bench.url!, rows, 'text');
    const binaryRows = rawRows(fleet, POSTGRES_ROUNDS, hourStart(15));
    const binarySeconds = await rawCopy(bench.url!, binaryRows, 'binary');
    const text = Math.round(rows.length / textSeconds);
    const binary = Math.round(binaryRows.length / binarySeconds);
    // The ratio is taken against the faster of the two (the pipeline itself sends the binary format).
    const raw = {
      method: 'COPY FROM STDIN into point_history, 5,000 rows per transaction, text and binary format',
      text_points_per_s: text,
      binary_points_per_s: binary,
      points_per_s: Math.max(text, binary),
    };
    const ratio = round3(pipeline.points_per_s / raw.points_per_s);
    const methods = await compareHistoryInserts(bench.url!, rawRows(fleet, 100, hourStart(20)));
    return {
      database: `PostgreSQL ${version}`,
      pipeline: { ...pipeline, stage_ms },
      raw,
      ratio_pipeline_to_raw: ratio,
      target_points_per_s: TARGETS.postgres_points_per_s,
      target_ratio_to_raw_copy: TARGETS.postgres_ratio_to_raw_copy,
      meets_target:
        pipeline.points_per_s >= TARGETS.postgres_points_per_s && ratio >= TARGETS.postgres_ratio_to_raw_copy,
      history_insert_methods: methods,
      history_rows: await historyCount(bench.database),
    };
  } finally {
    await bench?.dispose();
  }
}

async function redisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Two compiled platform processes sharing the load against one, each on PostgreSQL, Redis, Mosquitto. */
async function scaleOut() {
  if (!(await serverVersion(pgUrl)))
    return { skipped: `PostgreSQL not reachable at BENCH_DATABASE_URL (${new URL(pgUrl).host})` };
  if (!(await redisReachable(redisUrl)))
    return { skipped: `Redis not reachable at REDIS_URL (${new URL(redisUrl).host})` };
  if (!existsSync(MOSQUITTO)) return { skipped: `no ${MOSQUITTO} (apt-get install mosquitto)` };
  return runScaleOut({
    adminUrl: pgUrl,
    redisUrl,
    devices: DEVICES,
    pointsPerDevice: POINTS,
    pointsPerSecond: SCALE_OUT_POINTS_PER_S,
    seconds: SCALE_OUT_SECONDS,
  });
}

const started = performance.now();
const report = {
  benchmark: 'ingest',
  fleet: {
    devices: DEVICES,
    points_per_device: POINTS,
    storage: 'every reading to history (mode 1, interval 0)',
  },
  load: { message: `${POINTS} readings of one device`, in_flight_messages: IN_FLIGHT },
  embedded: await part('embedded', () =>
    measureEmbeddedIngest(DEVICES, POINTS, EMBEDDED_ROUNDS, IN_FLIGHT, TARGETS.embedded_points_per_s),
  ),
  postgres: await part('postgres', postgres),
  mqtt_end_to_end: await part('mqtt', mqttEndToEnd),
  scale_out: await part('scale_out', scaleOut),
  total_seconds: 0,
};
report.total_seconds = round3((performance.now() - started) / 1000);
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
