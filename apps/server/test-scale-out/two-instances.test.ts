import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { sleep, waitFor } from '../test-durability/support/free-port.js';
import { createMqttDevice, type LiveClient, openLive } from '../test-durability/support/platform-api.js';
import { createPublisher } from '../test-durability/support/publisher.js';
import { type Deployment, problems, requireServices, startDeployment } from './deployment.js';

// DESIGN 2's second mode, proven: two platform processes (A runs the demo fleet, whose DTU gateway
// dials A) share one PostgreSQL, Redis and the machine's MQTT broker.

interface DeviceRow {
  id: number;
  device_imei: string;
  protocol: number;
}
interface PointRow {
  id: number;
  name: string;
  slave_id: number | null;
  access: string;
}
interface CommandRow {
  id: number;
  status: string;
}

let deployment: Deployment | undefined;
const lives: LiveClient[] = [];

beforeAll(async () => {
  requireServices();
  deployment = await startDeployment(2, { demo: [0] });
});
afterAll(async () => {
  for (const live of lives) live.close();
  await deployment?.close();
});

/** The demo DTU gateway (Modbus RTU behind a DTU) and its pumps' points. */
async function demoGateway(d: Deployment) {
  // A creates the demo fleet once its listeners are up, a moment after it answers.
  const gateway = await waitFor(
    'the demo DTU gateway',
    async () => {
      const list = await d.on(1).call<{ rows: DeviceRow[] }>('GET', '/device?page=1&limit=100');
      return list.rows.find((row) => row.protocol === 1);
    },
    30_000,
    250,
  );
  const points = await d.on(1).call<{ rows: PointRow[] }>('GET', `/device/${gateway.id}/datapoint`);
  return { gateway, points: points.rows };
}

describe('two instances on PostgreSQL, Redis and an external broker', () => {
  it('shows a browser on B the live data, alarms and presence of devices ingested elsewhere', async () => {
    const d = deployment!;
    onTestFailed(() => console.log(problems(d)));
    const { gateway, points } = await demoGateway(d);
    const live = await openLive(d.on(1));
    lives.push(live);
    await live.subscribe([gateway.id]);
    // The gateway's link is held by A (the demo dials A's DTU port): its readings are ingested on A.
    await live.waitFor('LD', gateway.id, 30_000);

    // An alarm raised by A's engine on those readings reaches B's socket.
    const watched = points.find((p) => p.access === 'readonly')!;
    await d.on(1).call('POST', '/trigger', {
      device_id: gateway.id,
      point_id: watched.id,
      kind: 'limit',
      title: 'always outside',
      trigger_optype: 7,
      trigger_threshold: { lolmt: 1e9, uplmt: 2e9 },
    });
    await live.waitFor('AL', gateway.id, 30_000);

    // A device on the external broker: its first message (taken by either instance) makes it online.
    const device = await createMqttDevice(d.on(1), 'scale-out presence probe');
    const client = await mqtt.connectAsync(requireServices().mqtt, {
      clientId: device.imei,
      username: device.imei,
      password: device.secret,
      reconnectPeriod: 0,
    });
    // It reports every second, as devices do, until B's socket shows it online.
    let n = 0;
    const reporting = setInterval(() => {
      n += 1;
      client.publish(`d/${device.imei}/up`, JSON.stringify({ values: { counter: n } }), { qos: 1 });
    }, 1000);
    try {
      await live.waitFor('OL', device.id, 30_000, (payload) => (payload as { status: number }).status === 1);
    } finally {
      clearInterval(reporting);
      await client.endAsync(true);
    }
  });

  it('routes a write issued on B to the DTU gateway connected to A', async () => {
    const d = deployment!;
    onTestFailed(() => console.log(problems(d)));
    const { gateway, points } = await demoGateway(d);
    const setpoint = points.find((p) => p.access === 'readwrite');
    if (!setpoint) throw new Error('the demo pumps have no writable set point');
    const value = 17 + Math.floor(Math.random() * 60);
    const command = await d.on(1).call<CommandRow>('POST', '/device/cmd', {
      device_id: gateway.id,
      point_id: setpoint.id,
      value,
    });
    const final = await waitFor(
      'the command to settle',
      async () => {
        const row = await d.on(1).call<CommandRow>('GET', `/device/cmdStatus?id=${command.id}`);
        return row.status === 'send' || row.status === 'create' ? undefined : row;
      },
      20_000,
      200,
    );
    expect(final.status).toBe('resp');
    // The next poll reads the register back from the simulated slave: the write really landed.
    const live = await openLive(d.on(1));
    lives.push(live);
    await live.subscribe([gateway.id]);
    await live.waitFor('LD', gateway.id, 30_000, (payload) =>
      (payload as { point_id: number; value: unknown }[]).some(
        (r) => r.point_id === setpoint.id && r.value === value,
      ),
    );
  });

  it('loses nothing and stores nothing twice while an instance restarts', async () => {
    const d = deployment!;
    onTestFailed(() => console.log(problems(d)));
    const device = await createMqttDevice(d.on(0), 'scale-out restart probe');
    const port = Number(new URL(requireServices().mqtt).port || 1883);
    const publisher = createPublisher({
      imei: device.imei,
      password: device.secret,
      pointName: device.pointName,
      baseTs: Date.now() - 60_000,
      rate: 100,
    });
    try {
      publisher.connect(port);
      await waitFor('the device to connect', () => (publisher.connects > 0 ? true : undefined), 15_000);
      publisher.startSending();
      await sleep(2_000);
      await d.kill(1);
      await sleep(1_000);
      await d.restart(1);
      await sleep(2_000);
      publisher.stopSending();
      expect(await publisher.drain(20_000)).toBe(0);
    } finally {
      await publisher.close();
    }
    // The broker acknowledged every message; each must end up stored exactly once.
    const acked = new Set(publisher.acked.map((a) => a.n));
    const stored = await waitFor(
      'every acknowledged message to be stored',
      async () => {
        const rows = await d.query<{ ms: string }>(
          'SELECT (extract(epoch FROM ts) * 1000)::bigint AS ms FROM point_history WHERE point_id = $1',
          [device.pointId],
        );
        const times = rows.map((r) => Number(r.ms));
        const missing = [...acked].filter((n) => !times.includes(publisher.tsOf(n)));
        return missing.length === 0 ? times : undefined;
      },
      30_000,
      250,
    ).catch(async (error: Error) => {
      const rows = await d.query<{ n: string }>(
        'SELECT count(*) AS n FROM point_history WHERE point_id = $1',
        [device.pointId],
      );
      throw new Error(`${error.message}: acked ${acked.size}, stored ${rows[0]?.n}`);
    });
    expect(acked.size).toBeGreaterThan(300);
    expect(new Set(stored).size).toBe(stored.length);
    expect(stored.length).toBe(publisher.sent);
  });

  it('stores the readings the broker routes to an instance that died, without it coming back', async () => {
    const d = deployment!;
    onTestFailed(() => console.log(problems(d)));
    const device = await createMqttDevice(d.on(0), 'scale-out dead member probe');
    const port = Number(new URL(requireServices().mqtt).port || 1883);
    const publisher = createPublisher({
      imei: device.imei,
      password: device.secret,
      pointName: device.pointName,
      baseTs: Date.now() - 120_000,
      rate: 50,
    });
    try {
      publisher.connect(port);
      await waitFor('the device to connect', () => (publisher.connects > 0 ? true : undefined), 15_000);
      // B dies for good: the broker keeps routing a share of the group's messages to its session.
      await d.kill(1);
      publisher.startSending();
      await sleep(3_000);
      publisher.stopSending();
      expect(await publisher.drain(20_000)).toBe(0);
    } finally {
      await publisher.close();
    }
    const acked = new Set(publisher.acked.map((a) => a.n));
    expect(acked.size).toBeGreaterThan(50);
    // A (the leader now) finds B's session abandoned and drains it: every reading is stored once.
    const stored = await waitFor(
      "every acknowledged reading, B's share included, to be stored",
      async () => {
        const rows = await d.query<{ ms: string }>(
          'SELECT (extract(epoch FROM ts) * 1000)::bigint AS ms FROM point_history WHERE point_id = $1',
          [device.pointId],
        );
        const times = rows.map((r) => Number(r.ms));
        return [...acked].every((n) => times.includes(publisher.tsOf(n))) ? times : undefined;
      },
      60_000,
      500,
    );
    expect(new Set(stored).size).toBe(stored.length);
    expect(stored.length).toBe(publisher.sent);
  });
});
