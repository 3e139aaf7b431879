import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUS } from '../platform/bus/event-bus.js';
import { createDevice, createUser } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
let ownerUserId: number;
beforeAll(async () => {
  t = await createTestApp();
  ownerUserId = (await createUser(t.database, { userType: 2 })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('device directory cache', () => {
  it('keeps an entry until that device changes; new devices elsewhere leave it alone', async () => {
    const device = await createDevice(t.database, { ownerUserId });
    const { directory, bus } = t.runtime;
    const first = await directory.byImei(device.imei);
    expect(first?.id).toBe(device.id);
    expect(await directory.byImei(device.imei)).toBe(first);

    bus.publish(BUS.deviceChanged, { deviceId: null, kind: 'created' });
    bus.publish(BUS.deviceChanged, { deviceId: device.id + 1000, kind: 'config' });
    expect(await directory.byImei(device.imei)).toBe(first);

    bus.publish(BUS.deviceChanged, { deviceId: device.id, kind: 'config' });
    const reread = await directory.byImei(device.imei);
    expect(reread).not.toBe(first);
    expect(reread?.id).toBe(device.id);
  });

  it('does not cache an unknown IMEI: a device created a moment later is found', async () => {
    const { directory } = t.runtime;
    expect(await directory.byImei('899999000000001')).toBeNull();
    await createDevice(t.database, { ownerUserId, imei: '899999000000001' });
    expect((await directory.byImei('899999000000001'))?.imei).toBe('899999000000001');
  });
});
