/**
 * Child process of the scale_out part of bench:ingest: the simulated devices (one mqtt.js client
 * each) on the bench's own Mosquitto, so the platform processes and the bench's poller keep their
 * event loops. Over IPC: a ScaleOutPlan, answered `ready` once every client connected; then one
 * `phase` at a time, answered `done` with every message's device, ts and send time (epoch ms);
 * `end` disconnects and exits.
 *
 * Device d's k-th message of a phase carries ts = t0 + k * stepMs (stepMs 1 in the max phase):
 * unique per device, and known to the parent, whose poller looks for exactly those rows
 * (scale-out-run.ts).
 */
import mqtt, { type MqttClient } from 'mqtt';

export interface ScaleOutPlan {
  url: string;
  devices: { id: number; imei: string; password: string; points: number }[];
}

export type PhaseOrder =
  /** Open loop: message i leaves at its scheduled time, whatever the answers do. */
  | { type: 'phase'; mode: 'rate'; t0: number; stepMs: number; seconds: number; pointsPerSecond: number }
  /**
   * As fast as the clients can publish, for `seconds`, but never beyond message `upTo`, which the
   * parent moves on (`credit` orders) as readings are stored: the broker's queue stays bounded, so
   * the phase measures what the platform stores and ends in time.
   */
  | { type: 'phase'; mode: 'max'; t0: number; seconds: number; upTo: number };

export type ParentMessage = ScaleOutPlan | PhaseOrder | { type: 'credit'; upTo: number } | { type: 'end' };

export interface PhaseResult {
  /** [deviceId, ts, sentAtEpochMs] of every message. */
  sent: [number, number, number][];
  /** Messages the broker did not acknowledge (PUBACK). */
  failed: number;
  /** First publish to the last broker PUBACK, seconds. */
  elapsedS: number;
}

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'done'; result: PhaseResult }
  | { type: 'error'; message: string };

const epochNow = () => performance.timeOrigin + performance.now();
const send = (message: ChildMessage) =>
  new Promise<void>((resolve) => process.send!(message, () => resolve()));

let clients: MqttClient[] = [];
let plan: ScaleOutPlan | undefined;
let upTo = 0;
let credit: (() => void) | undefined;

async function connectAll(p: ScaleOutPlan) {
  plan = p;
  for (const device of p.devices) {
    clients.push(
      await mqtt.connectAsync(p.url, {
        clientId: device.imei,
        username: device.imei,
        password: device.password,
        reconnectPeriod: 0,
      }),
    );
  }
}

async function runPhase(order: PhaseOrder): Promise<PhaseResult> {
  const devices = plan!.devices;
  const pointsPerMessage = devices[0]!.points;
  const nextK = devices.map(() => 0);
  const stepMs = order.mode === 'rate' ? order.stepMs : 1;
  const sent: [number, number, number][] = [];
  const acks: Promise<void>[] = [];
  let failed = 0;
  if (order.mode === 'max') upTo = order.upTo;
  const publish = (i: number) => {
    const index = i % devices.length;
    const device = devices[index]!;
    const ts = order.t0 + nextK[index]! * stepMs;
    nextK[index]! += 1;
    const values = Object.fromEntries(
      Array.from({ length: device.points }, (_, k) => [`p${k}`, Math.round(Math.random() * 10_000) / 100]),
    );
    sent.push([device.id, ts, epochNow()]);
    acks.push(
      clients[index]!.publishAsync(`d/${device.imei}/up`, JSON.stringify({ ts, values }), { qos: 1 }).then(
        () => undefined,
        () => {
          failed += 1;
        },
      ),
    );
  };
  const started = performance.now();
  const endAt = started + order.seconds * 1000;
  if (order.mode === 'rate') {
    const messagesPerSecond = order.pointsPerSecond / pointsPerMessage;
    const total = Math.round(messagesPerSecond * order.seconds);
    for (let i = 0; i < total; i += 1) {
      const wait = started + (i * 1000) / messagesPerSecond - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      publish(i);
    }
  } else {
    for (let i = 0; performance.now() < endAt; i += 1) {
      while (i >= upTo && performance.now() < endAt) {
        await new Promise<void>((resolve) => {
          credit = resolve;
          setTimeout(resolve, 50);
        });
      }
      if (performance.now() >= endAt) break;
      publish(i);
      // Let the sockets write and the parent's `credit` orders in.
      if (i % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
    }
  }
  await Promise.all(acks);
  return { sent, failed, elapsedS: (performance.now() - started) / 1000 };
}

process.on('message', (message: ParentMessage) => {
  const fail = (error: unknown) =>
    void send({ type: 'error', message: String(error) }).then(() => process.exit(1));
  if ('url' in message) {
    connectAll(message).then(() => send({ type: 'ready' }), fail);
  } else if (message.type === 'phase') {
    runPhase(message).then((result) => send({ type: 'done', result }), fail);
  } else if (message.type === 'credit') {
    upTo = message.upTo;
    credit?.();
  } else if (message.type === 'end') {
    const all = clients;
    clients = [];
    void Promise.all(all.map((c) => c.endAsync().catch(() => undefined))).then(() => process.exit(0));
  }
});
