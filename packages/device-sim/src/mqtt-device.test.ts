import net from 'node:net';
import { parseAck, parseTelemetry, type Telemetry } from '@fleet/protocols';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { MqttDevice } from './mqtt-device.js';

const IMEI = '866000000000101';
const PASSWORD = 'secret-101';

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function broker() {
  const aedes = await Aedes.createBroker();
  const logins: Array<{ clientId: string; username?: string; password?: string }> = [];
  aedes.authenticate = (client, username, password, done) => {
    logins.push({ clientId: client.id, username, password: password?.toString() });
    done(null, username === client.id && password?.toString() === PASSWORD);
  };
  const server = net.createServer(aedes.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  cleanup.push(async () => {
    await new Promise<void>((r) => aedes.close(() => r()));
    await new Promise<void>((r) => server.close(() => r()));
  });
  const platform = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    clientId: 'platform',
    username: 'platform',
    password: PASSWORD,
  });
  // the test platform authenticates like a device for simplicity
  cleanup.push(() => platform.endAsync());
  return { url: `mqtt://127.0.0.1:${port}`, platform, logins };
}

function collect(client: mqtt.MqttClient, topic: string) {
  const got: Buffer[] = [];
  client.on('message', (t, p) => {
    if (t === topic) got.push(p);
  });
  return got;
}

const until = async (cond: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('MqttDevice', () => {
  it('connects as its IMEI and publishes telemetry matching the payload schema', async () => {
    const { url, platform, logins } = await broker();
    await platform.subscribeAsync(`d/${IMEI}/up`, { qos: 1 });
    const ups = collect(platform, `d/${IMEI}/up`);
    const device = new MqttDevice({
      url,
      imei: IMEI,
      password: PASSWORD,
      intervalMs: 20,
      points: [
        { name: 'temp', signal: { kind: 'walk', min: 18, max: 24, decimals: 1 } },
        { name: 'energy', signal: { kind: 'counter', ratePerSecond: 10, decimals: 2 } },
        { name: 'run', signal: { kind: 'step', start: 1 }, boolean: true },
      ],
    });
    cleanup.push(() => device.stop());
    await device.start();
    await until(() => ups.length >= 3);
    expect(logins).toContainEqual({ clientId: IMEI, username: IMEI, password: PASSWORD });
    const msgs = ups.map((p) => parseTelemetry(p));
    let lastEnergy = -1;
    for (const m of msgs) {
      expect(m.ok).toBe(true);
      if (!m.ok) continue;
      const t: Telemetry = m.value;
      expect(typeof t.ts).toBe('number');
      const { temp, energy, run } = t.values;
      expect(temp).toBeGreaterThanOrEqual(18);
      expect(temp).toBeLessThanOrEqual(24);
      expect(typeof run).toBe('boolean');
      expect(energy as number).toBeGreaterThanOrEqual(lastEnergy);
      lastEnergy = energy as number;
    }
  });

  it('reports signal quality within 0-31 when asked to, and none otherwise', async () => {
    const { url, platform } = await broker();
    await platform.subscribeAsync(`d/${IMEI}/up`, { qos: 1 });
    const ups = collect(platform, `d/${IMEI}/up`);
    const points = [{ name: 'temp', signal: { kind: 'constant', value: 20 } as const }];
    const withCsq = new MqttDevice({
      url,
      imei: IMEI,
      password: PASSWORD,
      intervalMs: 0,
      points,
      csq: { kind: 'walk', min: 25, max: 40 },
    });
    cleanup.push(() => withCsq.stop());
    await withCsq.start();
    for (let i = 0; i < 5; i++) await withCsq.publishNow();
    await until(() => ups.length >= 5);
    for (const p of ups) {
      const m = parseTelemetry(p);
      expect(m.ok && m.value.csq).toBeGreaterThanOrEqual(25);
      expect(m.ok && m.value.csq).toBeLessThanOrEqual(31);
    }
    await withCsq.stop();
    ups.length = 0;
    const without = new MqttDevice({ url, imei: IMEI, password: PASSWORD, intervalMs: 0, points });
    cleanup.push(() => without.stop());
    await without.start();
    await without.publishNow();
    await until(() => ups.length >= 1);
    const m = parseTelemetry(ups[0]!);
    expect(m.ok && m.value.csq).toBeUndefined();
  });

  it('acks a command on d/{imei}/ack and the write shows in the next telemetry', async () => {
    const { url, platform } = await broker();
    await platform.subscribeAsync([`d/${IMEI}/up`, `d/${IMEI}/ack`], { qos: 1 });
    const ups = collect(platform, `d/${IMEI}/up`);
    const acks = collect(platform, `d/${IMEI}/ack`);
    const device = new MqttDevice({
      url,
      imei: IMEI,
      password: PASSWORD,
      intervalMs: 0,
      points: [{ name: 'setpoint', signal: { kind: 'constant', value: 20 } }],
    });
    cleanup.push(() => device.stop());
    await device.start();
    await device.publishNow();
    await until(() => ups.length === 1);
    expect(parseTelemetry(ups[0]!)).toMatchObject({ ok: true, value: { values: { setpoint: 20 } } });

    await platform.publishAsync(
      `d/${IMEI}/down`,
      JSON.stringify({ cmd_id: 'c-1', writes: { setpoint: 25.5 } }),
      {
        qos: 1,
      },
    );
    await until(() => acks.length === 1);
    expect(parseAck(acks[0]!)).toEqual({ ok: true, value: { cmd_id: 'c-1', ok: true } });
    await device.publishNow();
    await until(() => ups.length === 2);
    expect(parseTelemetry(ups[1]!)).toMatchObject({ ok: true, value: { values: { setpoint: 25.5 } } });

    await platform.publishAsync(`d/${IMEI}/down`, JSON.stringify({ cmd_id: 'c-2', writes: { nope: 1 } }), {
      qos: 1,
    });
    await until(() => acks.length === 2);
    const bad = parseAck(acks[1]!);
    expect(bad).toMatchObject({ ok: true, value: { cmd_id: 'c-2', ok: false } });
    expect(device.sample().setpoint).toBe(25.5);
  });

  it('ignores malformed commands without acking', async () => {
    const { url, platform } = await broker();
    await platform.subscribeAsync(`d/${IMEI}/ack`, { qos: 1 });
    const acks = collect(platform, `d/${IMEI}/ack`);
    const device = new MqttDevice({ url, imei: IMEI, password: PASSWORD, intervalMs: 0, points: [] });
    const rejected: string[] = [];
    device.on('event', (e) => {
      if (e.type === 'rejected') rejected.push(e.reason);
    });
    cleanup.push(() => device.stop());
    await device.start();
    await platform.publishAsync(`d/${IMEI}/down`, '{"cmd_id":"x y","writes":{}}', { qos: 1 });
    await until(() => rejected.length === 1);
    expect(acks).toHaveLength(0);
  });

  it('start() rejects when the broker refuses the password', async () => {
    const { url } = await broker();
    const device = new MqttDevice({ url, imei: IMEI, password: 'wrong', intervalMs: 0, points: [] });
    cleanup.push(() => device.stop());
    await expect(device.start()).rejects.toThrow(/auth/i);
    expect(device.connected).toBe(false);
  });
});
