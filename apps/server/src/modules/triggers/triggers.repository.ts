import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { ownerPathInScope } from '../../platform/tenancy/scope.js';
import { alarmLog } from '../alarms/alarms.table.js';
import { contacts, triggerContactLinks } from '../contacts/contacts.table.js';
import { dataPoints } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';
import { triggers } from './triggers.table.js';

export type TriggerTableRow = typeof triggers.$inferSelect;
export type NewTrigger = Omit<typeof triggers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type TriggerPatch = Partial<Omit<NewTrigger, 'deviceId' | 'pointId' | 'kind' | 'createdBy'>> & {
  updatedAt: Date;
};

export interface TriggerRecord extends TriggerTableRow {
  pointName: string | null;
  pointTitle: string | null;
  contactIds: number[];
  openAlarmId: number | null;
}

/** Triggers, their contact links and the point switch they depend on (docs/api-alarms.md "Trigger API"). */
export function createTriggersRepository(db: Executor) {
  const openAlarm = sql<number | null>`(select ${alarmLog.id} from ${alarmLog}
    where ${alarmLog.triggerId} = ${triggers.id} and ${alarmLog.recoveredAt} is null limit 1)`;

  async function records(where: ReturnType<typeof and>, tx: Executor): Promise<TriggerRecord[]> {
    const rows = await tx
      .select({
        trigger: triggers,
        pointName: dataPoints.name,
        pointTitle: dataPoints.title,
        pointSort: dataPoints.sort,
        openAlarmId: openAlarm,
      })
      .from(triggers)
      .leftJoin(dataPoints, eq(dataPoints.id, triggers.pointId))
      .where(where)
      // Offline triggers first, then by the point's order.
      .orderBy(
        sql`${triggers.pointId} is not null`,
        asc(dataPoints.sort),
        asc(dataPoints.id),
        asc(triggers.id),
      );
    const ids = rows.map((r) => r.trigger.id);
    const links =
      ids.length === 0
        ? []
        : await tx
            .select()
            .from(triggerContactLinks)
            .where(inArray(triggerContactLinks.triggerId, ids))
            .orderBy(asc(triggerContactLinks.contactId));
    return rows.map((r) => ({
      ...r.trigger,
      pointName: r.pointName,
      pointTitle: r.pointTitle,
      contactIds: links.filter((l) => l.triggerId === r.trigger.id).map((l) => l.contactId),
      openAlarmId: r.openAlarmId === null ? null : Number(r.openAlarmId),
    }));
  }

  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async listByDevice(deviceId: number, pointId?: number, tx: Executor = db): Promise<TriggerRecord[]> {
      return records(
        and(
          eq(triggers.deviceId, deviceId),
          pointId === undefined ? undefined : eq(triggers.pointId, pointId),
        ),
        tx,
      );
    },

    async find(id: number, tx: Executor = db): Promise<TriggerRecord | undefined> {
      const [row] = await records(and(eq(triggers.id, id)), tx);
      return row;
    },

    /** The point of this device (not of another one), or undefined. */
    async pointOf(deviceId: number, pointId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: dataPoints.id, triggerEnable: dataPoints.triggerEnable })
        .from(dataPoints)
        .where(and(eq(dataPoints.id, pointId), eq(dataPoints.deviceId, deviceId)));
      return row;
    },

    async countOnPoint(pointId: number, exceptId?: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(triggers)
        .where(
          and(eq(triggers.pointId, pointId), exceptId === undefined ? undefined : ne(triggers.id, exceptId)),
        );
      return row?.n ?? 0;
    },

    /** Among `ids`, the contacts owned in the caller's data subtree. */
    async visibleContactIds(scope: Scope, ids: number[], tx: Executor = db): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: contacts.id })
        .from(contacts)
        .innerJoin(users, eq(users.id, contacts.ownerUserId))
        .where(and(inArray(contacts.id, ids), ownerPathInScope(scope)));
      return rows.map((r) => r.id);
    },

    async insert(values: NewTrigger & { createdAt: Date }, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .insert(triggers)
        .values({ ...values, updatedAt: values.createdAt })
        .returning({ id: triggers.id });
      return row!.id;
    },

    async update(id: number, patch: TriggerPatch, tx: Executor = db): Promise<void> {
      await tx.update(triggers).set(patch).where(eq(triggers.id, id));
    },

    async delete(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(triggers).where(eq(triggers.id, id));
    },

    async setContacts(triggerId: number, contactIds: number[], tx: Executor = db): Promise<void> {
      await tx.delete(triggerContactLinks).where(eq(triggerContactLinks.triggerId, triggerId));
      if (contactIds.length > 0)
        await tx
          .insert(triggerContactLinks)
          .values(contactIds.map((contactId) => ({ triggerId, contactId })));
    },

    /** The point form's switch: the engine evaluates a point's triggers only while it is 1. */
    async enablePointTriggers(pointId: number, tx: Executor = db): Promise<void> {
      await tx.update(dataPoints).set({ triggerEnable: 1 }).where(eq(dataPoints.id, pointId));
    },
  };
}

export type TriggersRepository = ReturnType<typeof createTriggersRepository>;
