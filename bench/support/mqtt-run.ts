import mqtt, { type MqttClient } from 'mqtt';
import { startMqttGateway } from '../../apps/server/src/gateways/mqtt/mqtt-gateway.js';
import { ensureHistoryPartitions } from '../../apps/server/src/pipeline/history-partitions.js';
import type { Database } from '../../apps/server/src/platform/db/client.js';
import { createRuntime } from '../../apps/server/src/platform/runtime.js';
import type { Fleet } from './fleet.js';

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (n: number) => Math.round(n * 100) / 100;

/**
 * End to end over the embedded broker: every device is an mqtt.js client publishing its points
 * (QoS 1, `d/{imei}/up`) at `pointsPerSecond` in total. publish-to-stored: until the PUBACK, which
 * the gateway sends once the readings are durable; publish-to-live: until the pipeline's onStored
 * listener (where triggers and the live channel hook in) sees the reading.
 */
export async function runMqtt(database: Database, fleet: Fleet, pointsPerSecond: number, seconds: number) {
  await ensureHistoryPartitions(database, { now: new Date(), retentionMonths: 24 });
  const runtime = await createRuntime({ config: { REDIS_URL: undefined }, database });
  const gateway = await startMqttGateway(runtime, { port: 0, host: '127.0.0.1' });
  const sentAt = new Map<string, number>();
  const live: number[] = [];
  runtime.pipeline.onStored((batch) => {
    const now = performance.now();
    for (const r of batch) {
      const key = `${r.deviceId}:${r.ts}`;
      const at = sentAt.get(key);
      if (at === undefined) continue;
      sentAt.delete(key); // the first point of the message stands for it
      live.push(now - at);
    }
  });
  const clients: MqttClient[] = [];
  try {
    for (const device of fleet.devices) {
      clients.push(
        await mqtt.connectAsync(`mqtt://127.0.0.1:${gateway.port}`, {
          clientId: device.imei,
          username: device.imei,
          password: device.mqttPassword,
          reconnectPeriod: 0,
        }),
      );
    }
    const pointsPerMessage = fleet.devices[0]!.points.length;
    const messagesPerSecond = pointsPerSecond / pointsPerMessage;
    const total = Math.round(messagesPerSecond * seconds);
    const stored: number[] = [];
    const acks: Promise<void>[] = [];
    let failed = 0;
    const started = performance.now();
    let tsBase = Date.now();
    for (let i = 0; i < total; i += 1) {
      // Open loop: message i leaves at its scheduled time, whatever the answers do.
      const due = started + (i * 1000) / messagesPerSecond;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const index = i % fleet.devices.length;
      const device = fleet.devices[index]!;
      if (index === 0) tsBase += 1000;
      const ts = tsBase;
      const values = Object.fromEntries(
        device.points.map((_, k) => [`p${k}`, Math.round(Math.random() * 10_000) / 100]),
      );
      const t0 = performance.now();
      sentAt.set(`${device.id}:${ts}`, t0);
      acks.push(
        clients[index]!.publishAsync(`d/${device.imei}/up`, JSON.stringify({ ts, values }), { qos: 1 }).then(
          () => void stored.push(performance.now() - t0),
          () => {
            failed += 1;
          },
        ),
      );
    }
    await Promise.all(acks);
    const elapsed = (performance.now() - started) / 1000;
    stored.sort((a, b) => a - b);
    live.sort((a, b) => a - b);
    return {
      transport: 'mqtt.js QoS 1 -> embedded broker (Aedes) -> pipeline (PGlite)',
      target_points_per_s: pointsPerSecond,
      achieved_points_per_s: Math.round((stored.length * pointsPerMessage) / elapsed),
      messages: total,
      failed,
      publish_to_stored_ms: { p50: ms(percentile(stored, 50)), p99: ms(percentile(stored, 99)) },
      publish_to_live_ms: { p50: ms(percentile(live, 50)), p99: ms(percentile(live, 99)) },
    };
  } finally {
    await Promise.all(clients.map((c) => c.endAsync().catch(() => undefined)));
    await gateway.close();
    await runtime.close();
  }
}
