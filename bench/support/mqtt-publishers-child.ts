/**
 * Child process of the MQTT part of bench:ingest: the simulated devices (one mqtt.js client each),
 * so the platform's event loop serves the platform alone, as with real devices. Over IPC it takes a
 * PublishPlan, answers `ready` once every client connected, publishes on `go` (open loop, QoS 1) and
 * answers `done` with every message's send time (epoch ms) and publish-to-PUBACK time.
 */
import mqtt, { type MqttClient } from 'mqtt';

export interface PublishPlan {
  port: number;
  devices: { id: number; imei: string; password: string; points: number }[];
  pointsPerSecond: number;
  seconds: number;
}

export interface PublishResult {
  /** [deviceId, ts, sentAtEpochMs] of every message. */
  sent: [number, number, number][];
  /** publish-to-PUBACK of every acknowledged message, ms. */
  acked: number[];
  failed: number;
  elapsedS: number;
}

const epochNow = () => performance.timeOrigin + performance.now();

async function run(plan: PublishPlan): Promise<PublishResult> {
  const clients: MqttClient[] = [];
  for (const device of plan.devices) {
    clients.push(
      await mqtt.connectAsync(`mqtt://127.0.0.1:${plan.port}`, {
        clientId: device.imei,
        username: device.imei,
        password: device.password,
        reconnectPeriod: 0,
      }),
    );
  }
  process.send!({ type: 'ready' });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  const pointsPerMessage = plan.devices[0]!.points;
  const messagesPerSecond = plan.pointsPerSecond / pointsPerMessage;
  const total = Math.round(messagesPerSecond * plan.seconds);
  const sent: [number, number, number][] = [];
  const acked: number[] = [];
  const acks: Promise<void>[] = [];
  let failed = 0;
  const started = performance.now();
  let tsBase = Date.now();
  for (let i = 0; i < total; i += 1) {
    // Open loop: message i leaves at its scheduled time, whatever the answers do.
    const due = started + (i * 1000) / messagesPerSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const index = i % plan.devices.length;
    const device = plan.devices[index]!;
    if (index === 0) tsBase += 1000;
    const ts = tsBase;
    const values = Object.fromEntries(
      Array.from({ length: device.points }, (_, k) => [`p${k}`, Math.round(Math.random() * 10_000) / 100]),
    );
    const t0 = performance.now();
    sent.push([device.id, ts, performance.timeOrigin + t0]);
    acks.push(
      clients[index]!.publishAsync(`d/${device.imei}/up`, JSON.stringify({ ts, values }), { qos: 1 }).then(
        () => void acked.push(performance.now() - t0),
        () => {
          failed += 1;
        },
      ),
    );
  }
  await Promise.all(acks);
  const elapsedS = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.endAsync().catch(() => undefined)));
  return { sent, acked, failed, elapsedS };
}

process.once('message', (plan: PublishPlan) => {
  run(plan).then(
    (result) => process.send!({ type: 'done', result, at: epochNow() }, () => process.exit(0)),
    (error: unknown) => {
      process.send!({ type: 'error', message: String(error) }, () => process.exit(1));
    },
  );
});
