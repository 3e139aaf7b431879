import { createAlarmRows } from '../../modules/alarms/alarm-rows.service.js';
import { LIVE_BUS, type LiveAlarmMessage } from '../../modules/live/live.feed.js';
import { type AlarmDeviceEvent, BUS, type EventBus } from '../../platform/bus/event-bus.js';
import type { Executor } from '../../platform/db/client.js';
import { type AlarmWrite, createAlarmEngineRepository } from './alarm-engine.repository.js';

/**
 * After a raise or recovery committed: `AL` for each row (the AlarmLogRow exactly as the log answers
 * it), `alarm.device` so every engine drops the device's state, `notice.wake` when notices were queued.
 */
export async function publishAlarmWrites(db: Executor, bus: EventBus, writes: readonly AlarmWrite[]) {
  if (writes.length === 0) return;
  for (const row of await createAlarmRows(db).byIds(writes.map((w) => w.alarmId))) {
    const message: LiveAlarmMessage = { deviceId: row.device_id, payload: row };
    bus.publish(LIVE_BUS.alarms, message);
  }
  for (const deviceId of new Set(writes.map((w) => w.deviceId))) {
    const event: AlarmDeviceEvent = { deviceId };
    bus.publish(BUS.alarmDevice, event);
  }
  if (writes.some((w) => w.notices > 0)) bus.publish(BUS.noticeWake, {});
}

/**
 * Recovers the open alarm of a trigger at once (the trigger is being disabled or deleted), with the
 * given message, and publishes it. Answers whether there was one to recover.
 */
export async function recoverTriggerAlarm(
  deps: { db: Executor; bus: EventBus },
  trigger: { id: number; notify: boolean },
  message: string,
  at: Date,
): Promise<boolean> {
  const store = createAlarmEngineRepository(deps.db);
  const write = await store.transaction(async (tx) => {
    const open = await store.openAlarmOf(trigger.id, tx);
    if (!open) return undefined;
    return store.recover(tx, open.id, { value: null, message, at }, trigger.notify);
  });
  if (!write) return false;
  await publishAlarmWrites(deps.db, deps.bus, [write]);
  return true;
}
