import { sql } from 'drizzle-orm';
import { createDeviceDirectory } from '../../apps/server/src/pipeline/directory.js';
import { ensureHistoryPartitions } from '../../apps/server/src/pipeline/history-partitions.js';
import { createPipeline } from '../../apps/server/src/pipeline/pipeline.js';
import type { Reading } from '../../apps/server/src/pipeline/types.js';
import { createLocalBus } from '../../apps/server/src/platform/bus/event-bus.js';
import type { Database } from '../../apps/server/src/platform/db/client.js';
import type { Fleet } from './fleet.js';
import type { RawRow } from './raw-insert.js';

/** One broker message: every point of one device at one time. */
export function* messages(fleet: Fleet, rounds: number, startMs: number): Generator<Reading[]> {
  for (let round = 0; round < rounds; round += 1) {
    const ts = startMs + round * 1000;
    for (const device of fleet.devices) {
      yield device.points.map((pointId, k) => ({
        deviceId: device.id,
        pointId,
        ts,
        value: Math.round((Math.sin(round / 10 + k) * 100 + k) * 100) / 100,
      }));
    }
  }
}

export function rawRows(fleet: Fleet, rounds: number, startMs: number): RawRow[] {
  const rows: RawRow[] = [];
  for (const message of messages(fleet, rounds, startMs)) {
    for (const r of message) rows.push({ pointId: r.pointId, ts: r.ts, value: r.value as number });
  }
  return rows;
}

export async function historyCount(database: Database): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from point_history`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]!.n);
}

/**
 * Sustained ingest through the real pipeline: messages are handed over as a broker delivers them,
 * with up to `inFlight` unacknowledged messages at a time (QoS 1 windows of many devices).
 */
export async function runPipeline(
  database: Database,
  fleet: Fleet,
  rounds: number,
  startMs: number,
  inFlight: number,
) {
  await ensureHistoryPartitions(database, { now: new Date(startMs), retentionMonths: 24 });
  const bus = createLocalBus();
  const directory = createDeviceDirectory(database.db, bus);
  const parallelBatches = process.env.BENCH_PARALLEL_BATCHES
    ? Number(process.env.BENCH_PARALLEL_BATCHES)
    : undefined;
  const maxBatch = process.env.BENCH_MAX_BATCH ? Number(process.env.BENCH_MAX_BATCH) : undefined;
  const pipeline = createPipeline({ database, directory, bus, options: { parallelBatches, maxBatch } });
  let listenerSaw = 0;
  pipeline.onStored((batch) => {
    listenerSaw += batch.length;
  });
  // Warm-up: loads the directory and the latest-value cache, like a platform that has been running.
  await Promise.all([...messages(fleet, 1, startMs - 1000)].map((m) => pipeline.ingest(m)));
  const before = pipeline.counters();

  const window = new Set<Promise<void>>();
  const started = performance.now();
  for (const message of messages(fleet, rounds, startMs)) {
    const acknowledged = pipeline.ingest(message).finally(() => window.delete(acknowledged));
    window.add(acknowledged);
    if (window.size >= inFlight) await Promise.race(window);
  }
  await Promise.all(window);
  const seconds = (performance.now() - started) / 1000;
  const after = pipeline.counters();
  await pipeline.close();
  directory.close();
  const readings = after.stored - before.stored;
  return {
    readings,
    seconds: Math.round(seconds * 1000) / 1000,
    points_per_s: Math.round(readings / seconds),
    batches: after.batches - before.batches,
    avg_batch: Math.round(readings / (after.batches - before.batches)),
    historied: after.historied - before.historied,
    listener_saw: listenerSaw - fleet.devices.length * fleet.devices[0]!.points.length,
  };
}
