import { eq } from 'drizzle-orm';
import { alarmLog } from '../modules/alarms/alarms.table.js';
import { devices } from '../modules/devices/devices.table.js';
import type { Executor } from '../platform/db/client.js';

/** What a past demo alarm was about (limit alarms of a demo point). */
export interface PastAlarm {
  level: number;
  value: number;
  pointName: string;
  pointTitle: string;
  threshold: string;
  message: string;
}

/**
 * Past, recovered alarms the demo seeds refer to (a work order raised from one, the notices sent for
 * them): on a fresh database the fleet has raised nothing yet when the seeds run.
 */
export const demoAlarmsRepository = {
  async firstDevice(db: Executor, ownerUserId: number) {
    const [row] = await db
      .select({ id: devices.id, title: devices.title })
      .from(devices)
      .where(eq(devices.ownerUserId, ownerUserId))
      .orderBy(devices.id)
      .limit(1);
    return row;
  },

  async insertPastAlarm(db: Executor, deviceId: number, at: Date, alarm: PastAlarm): Promise<number> {
    const [row] = await db
      .insert(alarmLog)
      .values({ deviceId, alarmType: 1, cause: 'limit', ...alarm, at, recoveredAt: at })
      .returning({ id: alarmLog.id });
    return row!.id;
  },
};
