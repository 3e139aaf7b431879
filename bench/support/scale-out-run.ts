import { fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ensureHistoryPartitions } from '../../apps/server/src/pipeline/history-partitions.js';
import { scaleOutKeys } from '../../apps/server/src/test-support/scale-out-keys.js';
import { sleep } from '../../apps/server/test-durability/support/free-port.js';
import {
  type PlatformPorts,
  type PlatformProcess,
  spawnPlatform,
} from '../../apps/server/test-durability/support/platform-process.js';
import { createFleet, type Fleet, postgresDatabase } from './fleet.js';
import { startMosquitto } from './mosquitto.js';
import { type InstanceCounters, instanceCounters, workSplit } from './scale-out-figures.js';
import type { ChildMessage, ParentMessage, PhaseOrder, PhaseResult } from './scale-out-publishers-child.js';

export interface ScaleOutOptions {
  /** PostgreSQL server on which a fresh database is created (and dropped) per setup. */
  adminUrl: string;
  redisUrl: string;
  devices: number;
  pointsPerDevice: number;
  pointsPerSecond: number;
  seconds: number;
}

/** How often the bench reads the stored count (and the latency sample) from the database. */
const POLL_MS = 100;
/**
 * The max phase's bound on messages sent but not stored yet: one second of what the platform stored
 * over the last second, at least MIN_WINDOW. Ten polls' worth keeps every instance busy between two
 * polls; the backlog left when publishing stops drains in about a second.
 */
const MIN_WINDOW = 200;
const METRICS_TOKEN = randomBytes(16).toString('hex');
const epochNow = () => performance.timeOrigin + performance.now();
const ms = (n: number) => Math.round(n * 10) / 10;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The compiled server the platform processes run, rebuilt first when its sources changed. */
function buildServerIfStale() {
  const root = join(import.meta.dirname, '..', '..');
  // Its progress goes to stderr: stdout carries the bench's JSON document only.
  const build = spawnSync(process.execPath, ['scripts/server-build.mjs'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (build.status !== 0) throw new Error('the server build (scripts/server-build.mjs) failed');
}

async function metricsOf(ports: PlatformPorts): Promise<InstanceCounters> {
  const answer = await fetch(`http://127.0.0.1:${ports.http}/api/v1/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!answer.ok) throw new Error(`metrics answered ${answer.status}`);
  return instanceCounters(await answer.text());
}

/** Removes the setup's keys from the shared Redis (its prefix only: others use the same server). */
async function dropRedisKeys(url: string, prefix: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

interface Poller {
  /** Readings counted in ingest_counters at the last poll. */
  stored(): number;
  /** Waits until `readings` are counted; the epoch ms of the poll that saw them, or null on timeout. */
  until(readings: number, timeoutMs: number): Promise<number | null>;
  /** First-seen time (epoch ms, the start of the poll that saw the row) of `deviceId:ts`. */
  seen: Map<string, number>;
  /** Start-to-start times of the polls, ms. */
  intervals: number[];
  stop(): Promise<void>;
}

/**
 * Polls the fresh database every POLL_MS: the readings counted in ingest_counters (written in the
 * same transaction as the history rows), and, when `sample` is given, the first point of every
 * message of the phase (device d's k-th message has ts = t0 + k * stepMs) from point_history. A row
 * committed before a poll's query started is seen by it; so a first-seen time is late by at most one
 * poll interval (plus the query's own time), never early.
 */
function startPoller(
  client: pg.Client,
  onStored: (readings: number) => void,
  sample?: { fleet: Fleet; t0: number; stepMs: number },
): Poller {
  let stored = 0;
  let stopped = false;
  const seen = new Map<string, number>();
  const intervals: number[] = [];
  const firstPoints = sample?.fleet.devices.map((d) => d.points[0]!) ?? [];
  const deviceOf = new Map(sample?.fleet.devices.map((d) => [d.points[0]!, d.id]) ?? []);
  /** Per device, the lowest k not seen yet: rows below every device's watermark are not read again. */
  const low = new Map(sample?.fleet.devices.map((d) => [d.id, 0]) ?? []);
  const loop = (async () => {
    let last = 0;
    while (!stopped) {
      const at = epochNow();
      if (last > 0) intervals.push(at - last);
      last = at;
      const counted = await client.query<{ n: string }>(
        'select coalesce(sum(readings), 0)::bigint as n from ingest_counters',
      );
      stored = Number(counted.rows[0]!.n);
      onStored(stored);
      if (sample) {
        const from = sample.t0 + Math.min(...low.values()) * sample.stepMs;
        const rows = await client.query<{ p: number; ms: string }>(
          `select point_id as p, (extract(epoch from ts) * 1000)::bigint as ms from point_history
           where point_id = any($1::int[]) and ts >= to_timestamp($2::float8 / 1000)`,
          [firstPoints, from],
        );
        for (const row of rows.rows) {
          const deviceId = deviceOf.get(row.p)!;
          const key = `${deviceId}:${row.ms}`;
          if (!seen.has(key)) seen.set(key, at);
        }
        for (const [deviceId, k] of low) {
          let next = k;
          while (seen.has(`${deviceId}:${sample.t0 + next * sample.stepMs}`)) next += 1;
          low.set(deviceId, next);
        }
      }
      await sleep(Math.max(0, POLL_MS - (epochNow() - at)));
    }
  })();
  return {
    stored: () => stored,
    async until(readings, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const before = intervals.length;
      while (Date.now() < deadline) {
        // A fresh poll (not one that started before the call) must have counted them.
        if (intervals.length > before && stored >= readings)
          return performance.timeOrigin + performance.now();
        await sleep(POLL_MS / 4);
      }
      return null;
    },
    seen,
    intervals,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

interface Setup {
  instances: { process: PlatformProcess; ports: PlatformPorts }[];
  fleet: Fleet;
  client: pg.Client;
  publish(order: PhaseOrder, poller: Poller): Promise<PhaseResult>;
  /** Lets the publishers of the max phase send up to message `upTo`. */
  credit(upTo: number): void;
}

/**
 * One phase: the publishers' load, then the wait until every reading they sent is stored (counted by
 * the poller), with each instance's counters before and after.
 */
async function phase(setup: Setup, order: PhaseOrder, timeoutMs: number) {
  const { fleet, client } = setup;
  const pointsPerMessage = fleet.devices[0]!.points.length;
  const before = await Promise.all(setup.instances.map((i) => metricsOf(i.ports)));
  const counted = await client.query<{ n: string }>(
    'select coalesce(sum(readings), 0)::bigint as n from ingest_counters',
  );
  const base = Number(counted.rows[0]!.n);
  const stepMs = order.mode === 'rate' ? order.stepMs : 1;
  const progress: [number, number][] = []; // [epoch ms, messages stored] of every poll
  let largestWindow = 0;
  const onStored = (readings: number) => {
    if (order.mode !== 'max') return;
    const now = epochNow();
    const messages = Math.floor((readings - base) / pointsPerMessage);
    progress.push([now, messages]);
    while (progress.length > 2 && progress[1]![0] <= now - 1000) progress.shift();
    const [since, then] = progress[0]!;
    const perSecond = now - since >= 500 ? ((messages - then) * 1000) / (now - since) : 0;
    const window = Math.max(MIN_WINDOW, Math.round(perSecond));
    largestWindow = Math.max(largestWindow, window);
    setup.credit(messages + window);
  };
  const poller = startPoller(
    client,
    onStored,
    order.mode === 'rate' ? { fleet, t0: order.t0, stepMs } : undefined,
  );
  try {
    const result = await setup.publish(order, poller);
    const firstSent = Math.min(...result.sent.map((s) => s[2]));
    const readings = (result.sent.length - result.failed) * pointsPerMessage;
    const storedAt = await poller.until(base + readings, timeoutMs);
    const after = await Promise.all(setup.instances.map((i) => metricsOf(i.ports)));
    const stored = poller.stored() - base;
    const intervals = [...poller.intervals].sort((a, b) => a - b);
    const figures = {
      messages_sent: result.sent.length,
      broker_failed: result.failed,
      publish_seconds: Math.round(result.elapsedS * 1000) / 1000,
      published_points_per_s: Math.round(readings / result.elapsedS),
      readings_stored: stored,
      complete: storedAt !== null,
      // First publish to the poll that saw the last reading stored.
      stored_points_per_s: storedAt === null ? null : Math.round(stored / ((storedAt - firstSent) / 1000)),
      seconds_to_all_stored: storedAt === null ? null : Math.round(storedAt - firstSent) / 1000,
      split: workSplit(before, after),
      poll_interval_ms: { p50: ms(percentile(intervals, 50)), max: ms(intervals.at(-1) ?? Number.NaN) },
    };
    if (order.mode === 'max') return { ...figures, largest_window_messages: largestWindow };
    const latencies = result.sent
      .map(([deviceId, ts, at]) => (poller.seen.get(`${deviceId}:${ts}`) ?? Number.NaN) - at)
      .filter((n) => Number.isFinite(n))
      .sort((a, b) => a - b);
    return {
      target_points_per_s: order.pointsPerSecond,
      ...figures,
      publish_to_stored_ms: {
        p50: ms(percentile(latencies, 50)),
        p99: ms(percentile(latencies, 99)),
        messages: latencies.length,
      },
    };
  } finally {
    await poller.stop();
  }
}

/**
 * One deployment as an operator runs it (docs/deploy.md): `count` compiled platform processes on a
 * fresh PostgreSQL database, the shared Redis under a prefix of their own and a Mosquitto of their
 * own, in one shared subscription group, each with its own persistent session slot. The fleet's
 * devices publish a fixed rate, then as fast as they can; everything is removed at the end.
 */
async function runSetup(count: number, options: ScaleOutOptions) {
  const group = `bench-${randomBytes(4).toString('hex')}`;
  const prefix = `${group}:`;
  const dataDirs: string[] = [];
  const instances: { process: PlatformProcess; ports: PlatformPorts }[] = [];
  const broker = await startMosquitto();
  let bench: Awaited<ReturnType<typeof postgresDatabase>> | undefined;
  let client: pg.Client | undefined;
  let child: ReturnType<typeof fork> | undefined;
  try {
    bench = await postgresDatabase(options.adminUrl);
    const fleet = await createFleet(bench.database, options.devices, options.pointsPerDevice);
    await ensureHistoryPartitions(bench.database, { now: new Date(), retentionMonths: 24 });
    client = new pg.Client({ connectionString: bench.url });
    await client.connect();

    const env = {
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: prefix,
      MQTT_URL: broker.url,
      MQTT_SHARE_GROUP: group,
      METRICS_TOKEN,
      ...scaleOutKeys(),
    };
    for (let i = 0; i < count; i++) dataDirs.push(mkdtempSync(join(tmpdir(), `fleet-bench-scale-${i}-`)));
    const processes = dataDirs.map((dataDir, i) =>
      spawnPlatform({
        dataDir,
        databaseUrl: bench!.url!,
        env: { ...env, MQTT_SESSION_ID: `${group}-${i}`, MQTT_SESSION_EXPIRY: '300' },
      }),
    );
    for (const process of processes) instances.push({ process, ports: { http: 0, mqtt: 0, dtu: 0 } });
    const ports = await Promise.all(processes.map((p) => p.ready(120_000)));
    ports.forEach((p, i) => {
      instances[i]!.ports = p;
    });

    const publishers = fork(join(import.meta.dirname, 'scale-out-publishers-child.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = publishers;
    const next = () =>
      new Promise<ChildMessage>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`publisher child exited (${code})`));
        publishers.once('exit', onExit);
        publishers.once('message', (m) => {
          publishers.off('exit', onExit);
          resolve(m as ChildMessage);
        });
      });
    const order = (message: ParentMessage) => publishers.send(message);
    let answer = next();
    order({
      url: broker.url,
      devices: fleet.devices.map((d) => ({
        id: d.id,
        imei: d.imei,
        password: d.mqttPassword,
        points: d.points.length,
      })),
    });
    const ready = await answer;
    if (ready.type !== 'ready')
      throw new Error(`publishers: ${ready.type === 'error' ? ready.message : 'not ready'}`);
    const setup: Setup = {
      instances,
      fleet,
      client,
      async publish(phaseOrder) {
        const done = next();
        order(phaseOrder);
        const result = await done;
        if (result.type !== 'done')
          throw new Error(`publishers: ${result.type === 'error' ? result.message : 'no result'}`);
        return result.result;
      },
      credit: (upTo) => {
        if (publishers.connected) order({ type: 'credit', upTo });
      },
    };
    // Everything sent must be stored before this; a platform far behind the rate shows it here.
    const timeoutMs = 60_000 + options.seconds * 12_000;
    const messagesPerSecond = options.pointsPerSecond / options.pointsPerDevice;
    const rate = await phase(
      setup,
      {
        type: 'phase',
        mode: 'rate',
        t0: Date.now(),
        // Device d's k-th message leaves about k * stepMs after the start: its ts is its publish time.
        stepMs: Math.max(1, Math.floor((1000 * options.devices) / messagesPerSecond)),
        seconds: options.seconds,
        pointsPerSecond: options.pointsPerSecond,
      },
      timeoutMs,
    );
    const max = rate.complete
      ? await phase(
          setup,
          {
            type: 'phase',
            mode: 'max',
            t0: Date.now() + 1000,
            seconds: options.seconds,
            upTo: MIN_WINDOW,
          },
          timeoutMs,
        )
      : { skipped: 'the fixed-rate phase did not store everything in time' };
    answer = next();
    order({ type: 'end' });
    await answer.catch(() => undefined);
    const rows = await client.query<{ n: string }>('select count(*)::bigint as n from point_history');
    const acknowledged = (p: { messages_sent: number; broker_failed: number } | object) =>
      'messages_sent' in p ? (p.messages_sent - p.broker_failed) * options.pointsPerDevice : 0;
    return {
      instances: count,
      fixed_rate: rate,
      max_throughput: max,
      // Every reading stored exactly once: the history rows against the readings the broker took.
      history_rows: Number(rows.rows[0]!.n),
      history_rows_expected: acknowledged(rate) + acknowledged(max),
      warnings: instances.flatMap((i) => i.process.problems(5)),
    };
  } finally {
    if (child && child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(instances.map((i) => i.process.stop(10_000).catch(() => undefined)));
    await broker.stop();
    await client?.end().catch(() => undefined);
    await bench
      ?.dispose()
      .catch((error: unknown) => console.error(`scale_out: dropping the database: ${error}`));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await dropRedisKeys(options.redisUrl, prefix).catch((error: unknown) =>
      console.error(`scale_out: removing the Redis keys ${prefix}*: ${error}`),
    );
  }
}

/**
 * Issue 13: the same load against one instance and against two sharing it (scale-out mode), each on
 * a deployment of its own, in the same run; the ratio two/one of the figures.
 */
export async function runScaleOut(options: ScaleOutOptions) {
  if (!(options.seconds > 0) || !(options.pointsPerSecond >= options.pointsPerDevice))
    throw new Error(
      'BENCH_SCALE_OUT_SECONDS must be > 0 and BENCH_SCALE_OUT_POINTS_PER_S at least one message',
    );
  buildServerIfStale();
  // A setup that fails is reported as such (its deployment is removed); the other still runs.
  const attempt = (count: number) =>
    runSetup(count, options).catch((error: unknown) => ({
      instances: count,
      error: error instanceof Error ? error.message : String(error),
    }));
  const one = await attempt(1);
  const two = await attempt(2);
  const rates = (setup: typeof one) => {
    if (!('fixed_rate' in setup)) return { fixed: null, max: null };
    const max = setup.max_throughput;
    return {
      fixed: setup.fixed_rate.stored_points_per_s,
      max: 'stored_points_per_s' in max ? max.stored_points_per_s : null,
    };
  };
  const ratio = (a: number | null, b: number | null) => (a && b ? Math.round((a / b) * 1000) / 1000 : null);
  return {
    transport:
      'mqtt.js QoS 1 (devices in a child process) -> Mosquitto (own, 127.0.0.1) -> $share group -> compiled platform process(es) -> PostgreSQL',
    one_instance: one,
    two_instances: two,
    ratio_two_to_one: {
      fixed_rate_stored_points_per_s: ratio(rates(two).fixed, rates(one).fixed),
      max_stored_points_per_s: ratio(rates(two).max, rates(one).max),
    },
  };
}
