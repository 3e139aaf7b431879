import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { alarmLog } from '../modules/alarms/alarms.table.js';
import { devices } from '../modules/devices/devices.table.js';
import { workOrders } from '../modules/maintenance/work-orders.table.js';
import { users } from '../modules/users/users.table.js';
import type { Executor } from '../platform/db/client.js';
import { demoAlarmsRepository } from './demo-alarms.repository.js';

/** The DEMO=1 seed's reads and its one demo alarm (straight writes under the demo account, like demo-fleet). */
export const demoMaintenanceRepository = {
  async userPath(db: Executor, userId: number): Promise<string | undefined> {
    const [row] = await db.select({ path: users.path }).from(users).where(eq(users.id, userId));
    return row?.path;
  },

  async orderCount(db: Executor, ownerUserId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(workOrders)
      .where(eq(workOrders.ownerUserId, ownerUserId));
    return row?.n ?? 0;
  },

  firstDevice: demoAlarmsRepository.firstDevice,

  /** The newest open, undispatched alarm of the owner's devices. */
  async openAlarm(db: Executor, ownerUserId: number) {
    const owned = db.select({ id: devices.id }).from(devices).where(eq(devices.ownerUserId, ownerUserId));
    const [row] = await db
      .select({ id: alarmLog.id, deviceId: alarmLog.deviceId })
      .from(alarmLog)
      .where(
        and(inArray(alarmLog.deviceId, owned), eq(alarmLog.dispatchStatus, 0), eq(alarmLog.alarmType, 1)),
      )
      .orderBy(desc(alarmLog.at))
      .limit(1);
    return row;
  },

  insertAlarm(db: Executor, deviceId: number, at: Date): Promise<number> {
    return demoAlarmsRepository.insertPastAlarm(db, deviceId, at, {
      level: 3,
      value: 9.2,
      pointName: 'pressure',
      pointTitle: 'Outlet pressure',
      threshold: '> 8',
      message: 'Outlet pressure above 8 bar',
    });
  },
};
