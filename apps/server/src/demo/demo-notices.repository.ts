import { and, desc, eq } from 'drizzle-orm';
import { alarmLog } from '../modules/alarms/alarms.table.js';
import { contacts, noticeOutbox } from '../modules/contacts/contacts.table.js';
import { devices } from '../modules/devices/devices.table.js';
import type { Executor } from '../platform/db/client.js';

/** The DEMO=1 seed's notice log rows (straight writes under the demo account, like demo-fleet). */
export const demoNoticesRepository = {
  async contactNamed(db: Executor, ownerUserId: number, name: string): Promise<number | undefined> {
    const [row] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.ownerUserId, ownerUserId), eq(contacts.name, name)))
      .limit(1);
    return row?.id;
  },

  async insertContact(db: Executor, values: typeof contacts.$inferInsert): Promise<number> {
    const [row] = await db.insert(contacts).values(values).returning({ id: contacts.id });
    return row!.id;
  },

  /** The newest alarms of the owner's devices (the notices are about them when there are any). */
  async recentAlarms(db: Executor, ownerUserId: number, limit: number): Promise<number[]> {
    const rows = await db
      .select({ id: alarmLog.id })
      .from(alarmLog)
      .innerJoin(devices, eq(devices.id, alarmLog.deviceId))
      .where(eq(devices.ownerUserId, ownerUserId))
      .orderBy(desc(alarmLog.at))
      .limit(limit);
    return rows.map((r) => r.id);
  },

  async insertNotices(db: Executor, rows: (typeof noticeOutbox.$inferInsert)[]): Promise<void> {
    await db.insert(noticeOutbox).values(rows);
  },
};
