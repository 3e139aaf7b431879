import type { AlarmLogQuery, AlarmLogRow } from '@fleet/contracts';
import { and, count, desc, eq, gte, ilike, isNull, like, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { deviceOwned, deviceVisible } from '../../platform/tenancy/scope.js';
import { devices } from '../devices/devices.table.js';
import { alarmRowsWhere, toAlarmLogRow } from './alarm-rows.repository.js';
import { alarmLog } from './alarms.table.js';

export type AlarmLogFilter = Omit<AlarmLogQuery, 'page' | 'limit'>;

/** The alarm of a visible device, and whether the caller is on the owner side of that device. */
export interface VisibleAlarm {
  id: number;
  deviceId: number;
  status: number;
  handledBy: number | null;
  owned: boolean;
}

export interface AlarmLogPatch {
  status?: number;
  dispatchStatus?: number;
  remark?: string;
  handledBy?: number | null;
  handledAt?: Date | null;
}

export function createAlarmLogRepository(db: Executor) {
  function where(scope: Scope, q: AlarmLogFilter): SQL {
    const conditions: SQL[] = [deviceVisible(db, scope)];
    if (q.starttime) conditions.push(gte(alarmLog.at, q.starttime));
    if (q.endtime) conditions.push(lte(alarmLog.at, q.endtime));
    if (q.device_id !== undefined) conditions.push(eq(alarmLog.deviceId, q.device_id));
    if (q.level !== undefined) conditions.push(eq(alarmLog.level, q.level));
    if (q.alarm_type !== undefined) conditions.push(eq(alarmLog.alarmType, q.alarm_type));
    if (q.status !== undefined) conditions.push(eq(alarmLog.status, q.status));
    // Recovery rows are born recovered, so "still open" leaves them out too.
    if (q.open === true) conditions.push(isNull(alarmLog.recoveredAt));
    if (q.search) {
      const pattern = containsPattern(q.search);
      conditions.push(or(ilike(devices.title, pattern), like(devices.imei, pattern))!);
    }
    return and(...conditions)!;
  }

  const newestFirst = [desc(alarmLog.at), desc(alarmLog.id)];

  return {
    async list(scope: Scope, q: AlarmLogFilter, limit: number, offset: number) {
      const condition = where(scope, q);
      const [rows, [total]] = await Promise.all([
        alarmRowsWhere(db, condition)
          .orderBy(...newestFirst)
          .limit(limit)
          .offset(offset),
        db
          .select({ total: count() })
          .from(alarmLog)
          .innerJoin(devices, eq(devices.id, alarmLog.deviceId))
          .where(condition),
      ]);
      return { rows: rows.map(toAlarmLogRow), total: total?.total ?? 0 };
    },

    /**
     * Up to `limit` rows of the filter older than `after` (the last row of the previous chunk), newest
     * first. Reading by key rather than offset keeps a long export free of duplicates while new
     * alarms arrive.
     */
    async chunk(
      scope: Scope,
      q: AlarmLogFilter,
      limit: number,
      after?: { at: Date; id: number },
    ): Promise<AlarmLogRow[]> {
      const older = after
        ? or(lt(alarmLog.at, after.at), and(eq(alarmLog.at, after.at), lt(alarmLog.id, after.id)))
        : undefined;
      const rows = await alarmRowsWhere(db, and(where(scope, q), older))
        .orderBy(...newestFirst)
        .limit(limit);
      return rows.map(toAlarmLogRow);
    },

    async visibleAlarm(scope: Scope, id: number, tx: Executor = db): Promise<VisibleAlarm | null> {
      const [row] = await tx
        .select({
          id: alarmLog.id,
          deviceId: alarmLog.deviceId,
          status: alarmLog.status,
          handledBy: alarmLog.handledBy,
          owned: sql<boolean>`(${deviceOwned(tx, scope)})`,
        })
        .from(alarmLog)
        .innerJoin(devices, eq(devices.id, alarmLog.deviceId))
        .where(and(eq(alarmLog.id, id), deviceVisible(tx, scope)))
        .limit(1);
      return row ?? null;
    },

    async row(id: number): Promise<AlarmLogRow | null> {
      const [row] = await alarmRowsWhere(db, eq(alarmLog.id, id));
      return row ? toAlarmLogRow(row) : null;
    },

    async update(id: number, patch: AlarmLogPatch, tx: Executor = db): Promise<void> {
      await tx.update(alarmLog).set(patch).where(eq(alarmLog.id, id));
    },

    /**
     * Deletes the row and, in the same transaction, sets the device's alarm type to its newest
     * remaining open alarm (0 when none), as the engine does on raise and recovery: deleting the
     * open alarm must not leave the device tagged with it.
     */
    async delete(id: number, deviceId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx.delete(alarmLog).where(eq(alarmLog.id, id)).returning({ id: alarmLog.id });
        if (deleted.length === 0) return false;
        const newestOpen = tx
          .select({ type: alarmLog.alarmType })
          .from(alarmLog)
          .where(and(eq(alarmLog.deviceId, deviceId), isNull(alarmLog.recoveredAt)))
          .orderBy(...newestFirst)
          .limit(1);
        await tx
          .update(devices)
          .set({ alarmType: sql`coalesce((${newestOpen}), 0)` })
          .where(eq(devices.id, deviceId));
        return true;
      });
    },
  };
}

export type AlarmLogRepository = ReturnType<typeof createAlarmLogRepository>;
