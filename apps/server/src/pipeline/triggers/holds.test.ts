import type { TriggerRow } from '@fleet/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmLog } from '../../modules/alarms/alarms.table.js';
import { createLocalBus } from '../../platform/bus/event-bus.js';
import { triggerHolds } from '../../platform/jobs/jobs.table.js';
import { call, createDevice, createDeviceUser } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { insertTestPoint } from '../pipeline.fixtures.js';
import { type AlarmEngine, createAlarmEngine } from './engine.js';

// A minimum-duration hold outlives the engine that began it: a restart (a new engine on the same
// database) raises the alarm after the remaining time, or drops the hold when the value cleared.
let t: TestApp;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
const engines: AlarmEngine[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createDeviceUser(t, { userType: 2 });
  // The app's engine is the instance that "crashes"; the tests restart with engines of their own.
  await t.runtime.alarms.close();
});
afterAll(async () => {
  for (const engine of engines) await engine.close();
  await t?.close();
});

function restartedEngine(): AlarmEngine {
  const engine = createAlarmEngine({
    database: t.database,
    bus: createLocalBus(),
    pipeline: t.runtime.pipeline,
    clock: t.clock,
  });
  engines.push(engine);
  engine.start();
  return engine;
}

async function limitWithDelay(delayS: number) {
  const deviceId = (await createDevice(t.database, { ownerUserId: owner.user.id })).id;
  const pointId = (await insertTestPoint(t.database, deviceId, { title: 'Pressure' })).id;
  const res = await call<TriggerRow>(t.app, 'POST', '/trigger', {
    token: owner.token,
    body: {
      device_id: deviceId,
      point_id: pointId,
      kind: 'limit',
      trigger_optype: 1,
      trigger_threshold: { uplmt: 80 },
      delay_s: delayS,
    },
  });
  expect(res.body).toMatchObject({ code: 0 });
  return { deviceId, pointId, triggerId: res.body.data.id };
}

const alarmsOf = (deviceId: number) =>
  t.database.db.select().from(alarmLog).where(eq(alarmLog.deviceId, deviceId)).orderBy(asc(alarmLog.id));
const holdOf = async (triggerId: number) =>
  (await t.database.db.select().from(triggerHolds).where(eq(triggerHolds.triggerId, triggerId)))[0];

describe('minimum-duration holds across a restart', () => {
  it('a new engine raises the alarm when the remaining duration is over', async () => {
    const { deviceId, pointId, triggerId } = await limitWithDelay(60);
    const first = restartedEngine();
    await t.runtime.pipeline.ingest([{ deviceId, pointId, ts: t.clock().getTime(), value: 90 }]);
    await first.drained();
    expect(await holdOf(triggerId)).toMatchObject({ deviceId, delayMs: 60_000, value: 90 });
    await first.close();

    const second = restartedEngine();
    t.clock.advance(59);
    await second.sweep();
    expect(await alarmsOf(deviceId)).toEqual([]);
    t.clock.advance(1);
    await second.sweep();
    await second.drained();
    expect(await alarmsOf(deviceId)).toMatchObject([{ triggerId, alarmType: 1, value: 90, cause: 'limit' }]);
    expect(await holdOf(triggerId)).toBeUndefined();
  });

  it('a new engine drops the stored hold when the value clears before the delay', async () => {
    const { deviceId, pointId, triggerId } = await limitWithDelay(60);
    const first = restartedEngine();
    const base = t.clock().getTime();
    await t.runtime.pipeline.ingest([{ deviceId, pointId, ts: base, value: 95 }]);
    await first.drained();
    await first.close();

    const second = restartedEngine();
    await t.runtime.pipeline.ingest([{ deviceId, pointId, ts: base + 10_000, value: 20 }]);
    await second.drained();
    expect(await holdOf(triggerId)).toBeUndefined();
    t.clock.advance(120);
    await second.sweep();
    await second.drained();
    expect(await alarmsOf(deviceId)).toEqual([]);
  });

  it('keeps the first since when the condition goes on holding after the restart', async () => {
    const { deviceId, pointId } = await limitWithDelay(30);
    const first = restartedEngine();
    const base = t.clock().getTime() + 3_600_000; // ahead of the clock: readings decide, not the sweeper
    await t.runtime.pipeline.ingest([{ deviceId, pointId, ts: base, value: 85 }]);
    await first.drained();
    await first.close();

    const second = restartedEngine();
    await t.runtime.pipeline.ingest([{ deviceId, pointId, ts: base + 20_000, value: 86 }]);
    await second.drained();
    expect(await alarmsOf(deviceId)).toEqual([]);
    await t.runtime.pipeline.ingest([{ deviceId, pointId, ts: base + 30_000, value: 87 }]);
    await second.drained();
    expect(await alarmsOf(deviceId)).toMatchObject([{ value: 87, at: new Date(base + 30_000) }]);
  });
});
