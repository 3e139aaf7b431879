import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceOnofflineLog } from '../../modules/connectivity/connectivity.table.js';
import { devices } from '../../modules/devices/devices.table.js';
import { insertTestPoint } from '../../pipeline/pipeline.fixtures.js';
import { call, createDevice, createUser } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await createUser(t.database, { userType: 2 })).id;
});
afterAll(async () => {
  await t?.close();
});

const newDevice = async () => {
  const device = await createDevice(t.database, { ownerUserId: ownerId });
  const temp = await insertTestPoint(t.database, device.id, { name: 'temp' });
  return { device, temp };
};
const ingest = (imei: string, body: unknown, headers: Record<string, string>) =>
  call<{ accepted: number; unknown: string[] }>(t.app, 'POST', `/ingest/${imei}`, { body, headers });

describe('POST /ingest/{imei}', () => {
  it('stores the values (durable before the answer), marks the device online, records csq', async () => {
    const { device, temp } = await newDevice();
    const res = await ingest(
      device.imei,
      { values: { temp: 4.5, ghost: 1 }, csq: 12 },
      { 'x-device-key': device.httpKey },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: { accepted: 1, unknown: ['ghost'] } });
    expect(await t.runtime.pipeline.latestOf(device.id)).toEqual([
      { pointId: temp.id, ts: t.clock().getTime(), value: 4.5 },
    ]);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row).toMatchObject({ status: 1, csq: 12 });
    const log = await t.database.db
      .select()
      .from(deviceOnofflineLog)
      .where(eq(deviceOnofflineLog.deviceId, device.id));
    expect(log.map((r) => [r.status, r.via])).toEqual([[1, 'http']]);
  });

  it('accepts the key as a Bearer token', async () => {
    const { device } = await newDevice();
    const res = await ingest(
      device.imei,
      { values: { temp: 1 } },
      { authorization: `Bearer ${device.httpKey}` },
    );
    expect(res.body.data.accepted).toBe(1);
  });

  it('answers the same 401 / 10010 for an unknown IMEI, a wrong key and no key', async () => {
    const { device } = await newDevice();
    const answers = await Promise.all([
      ingest('123456789012345', { values: { temp: 1 } }, { 'x-device-key': device.httpKey }),
      ingest(device.imei, { values: { temp: 1 } }, { 'x-device-key': `${device.httpKey}x` }),
      ingest(device.imei, { values: { temp: 1 } }, {}),
      ingest('not-an-imei', { values: { temp: 1 } }, { 'x-device-key': device.httpKey }),
    ]);
    for (const res of answers) {
      expect([res.status, res.body.code, res.body.msg]).toEqual([401, 10010, 'invalid device credentials']);
    }
    expect(await t.runtime.pipeline.latestOf(device.id)).toEqual([]);
  });

  it('refuses bad bodies with 400 / 10002 naming the field, storing nothing', async () => {
    const { device } = await newDevice();
    const key = { 'x-device-key': device.httpKey };
    const wrongType = await ingest(device.imei, { values: { temp: [1] } }, key);
    expect([wrongType.status, wrongType.body.code]).toEqual([400, 10002]);
    expect(wrongType.body.msg).toMatch(/^body\.values\.temp: /);
    const extra = await ingest(device.imei, { values: {}, extra: 1 }, key);
    expect(extra.body.code).toBe(10002);
    const badCsq = await ingest(device.imei, { values: {}, csq: 50 }, key);
    expect(badCsq.body.msg).toBe('body.csq: csq must be 0-31 or 99');
    const raw = await t.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/${device.imei}`,
      headers: { ...key, 'content-type': 'application/json' },
      payload: '{"values": {',
    });
    expect([raw.statusCode, raw.json().code]).toEqual([400, 10002]);
    const huge = await t.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/${device.imei}`,
      headers: { ...key, 'content-type': 'application/json' },
      payload: JSON.stringify({ values: { temp: 1, pad: 'x'.repeat(70 * 1024) } }),
    });
    expect([huge.statusCode, huge.json().code]).toEqual([413, 10002]);
    expect(await t.runtime.pipeline.latestOf(device.id)).toEqual([]);
  });

  it('limits each device to 20 requests per second (429 / 20000), other devices unaffected', async () => {
    const { device } = await newDevice();
    const other = await newDevice();
    const key = { 'x-device-key': device.httpKey };
    // The test clock stands still: no token comes back during the burst.
    const codes: number[] = [];
    for (let i = 0; i < 25; i++) codes.push((await ingest(device.imei, { values: { temp: i } }, key)).status);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    const limited = await ingest(device.imei, { values: { temp: 0 } }, key);
    expect([limited.status, limited.body.code]).toEqual([429, 20000]);
    expect(
      (await ingest(other.device.imei, { values: { temp: 1 } }, { 'x-device-key': other.device.httpKey }))
        .status,
    ).toBe(200);
    t.clock.advance(1);
    expect((await ingest(device.imei, { values: { temp: 1 } }, key)).status).toBe(200);
  });
});
