import { fork } from 'node:child_process';
import { join } from 'node:path';
import { startMqttGateway } from '../../apps/server/src/gateways/mqtt/mqtt-gateway.js';
import { ensureHistoryPartitions } from '../../apps/server/src/pipeline/history-partitions.js';
import type { Database } from '../../apps/server/src/platform/db/client.js';
import { createRuntime } from '../../apps/server/src/platform/runtime.js';
import type { Fleet } from './fleet.js';
import type { PublishPlan, PublishResult } from './mqtt-publishers-child.js';

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (n: number) => Math.round(n * 100) / 100;
const epochNow = () => performance.timeOrigin + performance.now();

type ChildMessage =
  | { type: 'ready' }
  | { type: 'done'; result: PublishResult }
  | { type: 'error'; message: string };

/**
 * End to end over the embedded broker: every device is an mqtt.js client (in a child process, like
 * real devices outside the platform) publishing its points (QoS 1, `d/{imei}/up`) at
 * `pointsPerSecond` in total. publish-to-stored: until the PUBACK, which the gateway sends once the
 * readings are durable; publish-to-live: until the pipeline's onStored listener (where triggers and
 * the live channel hook in) sees the reading (both processes' clocks as epoch ms).
 */
export async function runMqtt(database: Database, fleet: Fleet, pointsPerSecond: number, seconds: number) {
  await ensureHistoryPartitions(database, { now: new Date(), retentionMonths: 24 });
  const runtime = await createRuntime({ config: { REDIS_URL: undefined }, database });
  const gateway = await startMqttGateway(runtime, { port: 0, host: '127.0.0.1' });
  if (gateway.port === null) throw new Error('MQTT gateway did not listen');
  const seenAt = new Map<string, number>();
  runtime.pipeline.onStored((batch) => {
    const now = epochNow();
    for (const r of batch) {
      const key = `${r.deviceId}:${r.ts}`;
      if (!seenAt.has(key)) seenAt.set(key, now); // the first point of the message stands for it
    }
  });
  const child = fork(join(import.meta.dirname, 'mqtt-publishers-child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const next = () =>
      new Promise<ChildMessage>((resolve, reject) => {
        child.once('message', (m) => resolve(m as ChildMessage));
        child.once('exit', (code) => reject(new Error(`publisher child exited (${code})`)));
      });
    const plan: PublishPlan = {
      port: gateway.port,
      devices: fleet.devices.map((d) => ({
        id: d.id,
        imei: d.imei,
        password: d.mqttPassword,
        points: d.points.length,
      })),
      pointsPerSecond,
      seconds,
    };
    let message = next();
    child.send(plan);
    if ((await message).type !== 'ready') throw new Error('publisher child failed to connect');
    message = next();
    child.send('go');
    const answer = await message;
    if (answer.type !== 'done')
      throw new Error(`publisher child: ${answer.type === 'error' ? answer.message : 'no result'}`);
    const { sent, acked, failed, elapsedS } = answer.result;
    const stored = [...acked].sort((a, b) => a - b);
    const live = sent
      .map(([deviceId, ts, at]) => (seenAt.get(`${deviceId}:${ts}`) ?? Number.NaN) - at)
      .filter((n) => Number.isFinite(n))
      .sort((a, b) => a - b);
    const pointsPerMessage = fleet.devices[0]!.points.length;
    return {
      transport: `mqtt.js QoS 1 (devices in a child process) -> embedded broker (Aedes) -> pipeline (${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
      target_points_per_s: pointsPerSecond,
      achieved_points_per_s: Math.round((stored.length * pointsPerMessage) / elapsedS),
      messages: sent.length,
      failed,
      publish_to_stored_ms: { p50: ms(percentile(stored, 50)), p99: ms(percentile(stored, 99)) },
      publish_to_live_ms: { p50: ms(percentile(live, 50)), p99: ms(percentile(live, 99)) },
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await gateway.close();
    await runtime.close();
  }
}
