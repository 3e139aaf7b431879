import type { AlarmLogRow } from '@fleet/contracts';
import { and, desc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { deviceVisible } from '../../platform/tenancy/scope.js';
import { devices } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';
import { alarmLog } from './alarms.table.js';

const handler = alias(users, 'alarm_handler');

/**
 * The one shape of an alarm as the API and the live channel (`AL`) answer it, so the log, the export,
 * the popover and the engine's push agree field for field (docs/api-alarms.md).
 */
export function alarmRowsQuery(db: Executor) {
  return db
    .select({
      ...getTableColumns(alarmLog),
      deviceTitle: devices.title,
      deviceImei: devices.imei,
      handlerName: handler.nickName,
      handlerUsername: handler.username,
    })
    .from(alarmLog)
    .innerJoin(devices, eq(devices.id, alarmLog.deviceId))
    .leftJoin(handler, eq(handler.id, alarmLog.handledBy))
    .$dynamic();
}

type AlarmRowRecord = Awaited<ReturnType<ReturnType<typeof alarmRowsQuery>['execute']>>[number];

export function toAlarmLogRow(r: AlarmRowRecord): AlarmLogRow {
  return {
    id: r.id,
    device_id: r.deviceId,
    device_title: r.deviceTitle,
    device_imei: r.deviceImei,
    trigger_id: r.triggerId,
    point_id: r.pointId,
    point_name: r.pointName,
    point_title: r.pointTitle,
    alarm_type: r.alarmType,
    level: r.level,
    status: r.status,
    dispatch_status: r.dispatchStatus,
    online: r.online,
    cause: r.cause,
    value: r.value,
    threshold: r.threshold,
    message: r.message,
    at: r.at.toISOString(),
    recovered_at: r.recoveredAt ? r.recoveredAt.toISOString() : null,
    recovers_id: r.recoversId,
    handled_by_name: r.handledBy === null ? null : r.handlerName || r.handlerUsername || null,
    handled_at: r.handledAt ? r.handledAt.toISOString() : null,
    remark: r.remark,
  };
}

/** Alarm rows by id, in the order of `ids` (missing ids are skipped). */
export async function alarmRowsByIds(db: Executor, ids: readonly number[]): Promise<AlarmLogRow[]> {
  if (ids.length === 0) return [];
  const rows = await alarmRowsQuery(db).where(inArray(alarmLog.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, toAlarmLogRow(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Rows matching `where`, for lists and exports that add their own order and paging. */
export function alarmRowsWhere(db: Executor, where: SQL | undefined) {
  return alarmRowsQuery(db).where(where);
}

/** The newest `limit` alarm rows of the devices `scope` sees (the dashboard's latest alarms). */
export async function latestVisibleAlarmRows(
  db: Executor,
  scope: Scope,
  limit: number,
  /** Only alarms of these devices (a custom screen's alarm list). */
  deviceIds?: readonly number[],
): Promise<AlarmLogRow[]> {
  const visible = deviceVisible(db, scope);
  const where = deviceIds ? and(visible, inArray(alarmLog.deviceId, [...deviceIds])) : visible;
  const rows = await alarmRowsWhere(db, where).orderBy(desc(alarmLog.at), desc(alarmLog.id)).limit(limit);
  return rows.map(toAlarmLogRow);
}
