import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUS, createLocalBus } from '../platform/bus/event-bus.js';
import type { Db } from '../platform/db/client.js';
import { createDevice, createUser } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { createDeviceDirectory } from './directory.js';
import { insertTestPoint } from './pipeline.fixtures.js';

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

  it('loads many devices in one read, answers cached ones from memory and unknown ids as null', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) {
      const device = await createDevice(t.database, { ownerUserId });
      made.push({ device, point: await insertTestPoint(t.database, device.id, {}) });
    }
    // Counts the SELECT statements the directory issues.
    let selects = 0;
    const counting = new Proxy(t.database.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== 'select' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          selects += 1;
          return value.apply(target, args);
        };
      },
    }) as Db;
    const bus = createLocalBus();
    const directory = createDeviceDirectory(counting, bus);
    const ids = made.map((m) => m.device.id);

    const first = await directory.byIds([...ids, 987_654_321]);
    expect(selects).toBe(4); // devices, ports, slaves, points: whatever the number of devices
    for (const { device, point } of made) {
      expect(first.get(device.id)?.imei).toBe(device.imei);
      expect(first.get(device.id)?.byId.get(point.id)?.deviceId).toBe(device.id);
    }
    expect(first.get(987_654_321)).toBeNull();

    // Cached now, for byIds and the other lookups alike; a changed device alone is read again.
    selects = 0;
    bus.publish(BUS.deviceChanged, { deviceId: ids[0], kind: 'config' });
    const second = await directory.byIds(ids);
    expect(selects).toBe(4);
    expect(second.get(ids[1]!)).toBe(first.get(ids[1]!));
    expect(second.get(ids[0]!)).not.toBe(first.get(ids[0]!));
    expect(second.get(ids[0]!)?.id).toBe(ids[0]);
    selects = 0;
    expect(await directory.byId(ids[0]!)).toBe(second.get(ids[0]!));
    expect(await directory.byImei(made[2]!.device.imei)).toBe(first.get(ids[2]!));
    expect(selects).toBe(0);
    directory.close();
  });
});
