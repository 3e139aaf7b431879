import {
  type DataStream,
  type DeviceIdQuery,
  HISTORY_MAX_SPAN_DAYS,
  HISTORY_TABLE_COUNT_CAP,
  type HistoryPage,
  type HistoryQuery,
  type HistoryRowsAnswer,
  type HistoryRowsQuery,
  type LastdpsQuery,
  type LastdpsRow,
  type LastPoint,
  type ListResult,
  type SeriesAnswer,
  type SeriesQuery,
} from '@fleet/contracts';
import { notFound } from '../../platform/auth/access.js';
import type { Scope } from '../../platform/auth/scope.js';
import { fieldError, paramError } from '../../platform/http/errors.js';
import type { DataLock } from '../devices/data-lock.js';
import type { DeviceLookup } from '../devices/device-lookup.service.js';
import type { DevicesService } from '../devices/devices.service.js';
import { fillBuckets, rawPoints, seriesPlan } from './series-buckets.js';
import type { PointWithLatest, SeriesRow, TelemetryRepository } from './telemetry.repository.js';

export interface TelemetryServiceDeps {
  repo: TelemetryRepository;
  deviceLookup: Pick<DeviceLookup, 'visibleIds'>;
  devices: Pick<DevicesService, 'visibleDevice' | 'list'>;
  /**
   * Issue 20 item 4: a device whose service expired more than `graceDays` ago has its data locked in
   * the screens until renewed (ingest goes on; renewal moves the expiry and unlocks it).
   */
  dataLock: DataLock;
}

const latestValueOf = (p: PointWithLatest) => p.text ?? p.value;
const atOf = (p: PointWithLatest) => (p.at ? p.at.toISOString() : null);

/** Checks a starttime/endtime pair (10002 naming the field). */
function checkRange(start: Date, end: Date): void {
  if (end.getTime() < start.getTime()) throw fieldError('query.endtime', 'range.endBeforeStart');
  if (end.getTime() - start.getTime() > HISTORY_MAX_SPAN_DAYS * 86_400_000) {
    throw fieldError('query.endtime', 'range.tooLongDays', { days: HISTORY_MAX_SPAN_DAYS });
  }
}

/** The cursor names the point, the order and the last timestamp answered. */
const encodeCursor = (pointId: number, order: string, ms: number) =>
  Buffer.from(`h1:${pointId}:${order}:${ms}`).toString('base64url');

function decodeCursor(cursor: string, pointId: number, order: string): number {
  const match = /^h1:(\d+):(asc|desc):(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || Number(match[1]) !== pointId || match[2] !== order) {
    throw paramError('query.cursor: not a cursor of this query');
  }
  return Number(match[3]);
}

/** Latest values, data streams and history of the points of visible devices. */
export function createTelemetryService({ repo, deviceLookup, devices, dataLock }: TelemetryServiceDeps) {
  const requireUnlocked = (deviceIds: readonly number[]) => dataLock.requireUnlocked(deviceIds);

  /** Points by id, 404 unless every one exists on a device the caller may see. */
  async function visiblePoints(scope: Scope, pointIds: readonly number[]) {
    const points = await repo.points(pointIds);
    if (points.length !== pointIds.length) throw notFound('point');
    const deviceIds = [...new Set(points.map((p) => p.deviceId))];
    const visible = await deviceLookup.visibleIds(scope, deviceIds);
    if (visible.length !== deviceIds.length) throw notFound('point');
    await requireUnlocked(deviceIds);
    const byId = new Map(points.map((p) => [p.id, p]));
    return pointIds.map((id) => byId.get(id)!);
  }

  return {
    /** Points by id with their device; no scope check: the caller checks the devices (custom screens). */
    points: (pointIds: readonly number[]) => repo.points(pointIds),
    /** The points of devices with their latest values; the caller resolved the devices in scope. */
    pointsWithLatest: (...args: Parameters<TelemetryRepository['pointsWithLatest']>) =>
      repo.pointsWithLatest(...args),

    async lastdp(scope: Scope, query: DeviceIdQuery): Promise<LastPoint[]> {
      await devices.visibleDevice(scope, query.device_id);
      await requireUnlocked([query.device_id]);
      const points = await repo.pointsWithLatest([query.device_id], 'collected');
      return points.map((p) => ({
        point_id: p.id,
        name: p.name,
        title: p.title,
        slave_id: p.slaveId,
        unit: p.unit,
        decimals: p.decimals,
        access: p.access,
        type: p.type,
        value: latestValueOf(p),
        at: atOf(p),
      }));
    },

    async lastdps(scope: Scope, query: LastdpsQuery): Promise<ListResult<LastdpsRow>> {
      const page = await devices.list(scope, query);
      // A locked device stays in the list (its state is visible) without its values.
      const locked = await dataLock.lockedIds(page.rows.map((d) => d.id));
      const points = await repo.pointsWithLatest(
        page.rows.map((d) => d.id).filter((id) => !locked.has(id)),
        'shown',
      );
      const byDevice = groupBy(points, (p) => p.deviceId);
      return {
        total: page.total,
        rows: page.rows.map((d) => ({
          device_id: d.id,
          device_title: d.device_title,
          device_imei: d.device_imei,
          status: d.status,
          alarm_type: d.alarm_type,
          online_at: d.online_at,
          lastdp: (byDevice.get(d.id) ?? []).map((p) => ({
            point_id: p.id,
            name: p.name,
            title: p.title,
            value: latestValueOf(p),
            unit: p.unit,
            at: atOf(p),
          })),
        })),
      };
    },

    async dataStreams(scope: Scope, query: DeviceIdQuery): Promise<DataStream[]> {
      await devices.visibleDevice(scope, query.device_id);
      await requireUnlocked([query.device_id]);
      const points = await repo.pointsWithLatest([query.device_id], 'all');
      const rolledUntil = (await repo.rolledUntil())['15m'] ?? null;
      const counts = await repo.storedCounts(
        points.map((p) => ({ id: p.id, text: p.dataType === 'string' })),
        rolledUntil,
      );
      return points.map((p) => ({
        point_id: p.id,
        name: p.name,
        title: p.title,
        slave_id: p.slaveId,
        unit: p.unit,
        data_type: p.dataType,
        storage_mode: p.storageMode,
        value: latestValueOf(p),
        at: atOf(p),
        stored_count: counts.get(p.id) ?? 0,
      }));
    },

    async history(scope: Scope, query: HistoryQuery): Promise<HistoryPage> {
      checkRange(query.starttime, query.endtime);
      await visiblePoints(scope, [query.point_id]);
      const after = query.cursor ? decodeCursor(query.cursor, query.point_id, query.order) : null;
      const rows = await repo.historyPage({
        pointId: query.point_id,
        start: query.starttime,
        end: query.endtime,
        limit: query.limit + 1,
        order: query.order,
        after,
      });
      const more = rows.length > query.limit;
      const page = more ? rows.slice(0, query.limit) : rows;
      return {
        rows: page.map((r) => ({ ts: new Date(r.ms).toISOString(), value: r.value })),
        next_cursor: more ? encodeCursor(query.point_id, query.order, page[page.length - 1]!.ms) : null,
      };
    },

    async historyRows(scope: Scope, query: HistoryRowsQuery): Promise<HistoryRowsAnswer> {
      const { starttime: start, endtime: end } = query;
      checkRange(start, end);
      await visiblePoints(scope, query.point_ids);
      const offset = (query.page - 1) * query.limit;
      const [counted, rows] = await Promise.all([
        repo.countUpTo(query.point_ids, start, end, HISTORY_TABLE_COUNT_CAP + 1),
        repo.rowsPage({
          pointIds: query.point_ids,
          start,
          end,
          order: query.order,
          limit: query.limit,
          offset,
        }),
      ]);
      return {
        rows: rows.map((r) => ({ ts: new Date(r.ms).toISOString(), point_id: r.pointId, value: r.value })),
        total: Math.min(counted, HISTORY_TABLE_COUNT_CAP),
        total_capped: counted > HISTORY_TABLE_COUNT_CAP,
      };
    },

    async series(scope: Scope, query: SeriesQuery): Promise<SeriesAnswer> {
      const { starttime: start, endtime: end, points: maxPoints } = query;
      checkRange(start, end);
      const points = await visiblePoints(scope, query.point_ids);
      const ids = points.map((p) => p.id);
      const counts = await repo.cappedCounts(ids, start, end, maxPoints + 1);
      const fits = ids.every((id) => (counts.get(id) ?? 0) <= maxPoints);
      const startMs = start.getTime();
      const endMs = end.getTime();
      const plan = fits ? null : seriesPlan(startMs, endMs, maxPoints);
      const bucketMs = plan?.bucketMs ?? 0;
      let rows: SeriesRow[];
      if (!plan) rows = await repo.raw(ids, start, end);
      else if (!plan.level) rows = await repo.aggregated(ids, start, end, bucketMs, query.fn);
      else {
        const done = (await repo.rolledUntil())[plan.level] ?? Number.NEGATIVE_INFINITY;
        rows = await repo.aggregatedFromRollups({
          pointIds: ids,
          start,
          end,
          bucketMs,
          fn: query.fn,
          level: plan.level,
          doneUntil: done,
        });
      }
      const rowsOf = groupBy(rows, (r) => r.point_id);
      return {
        bucket_ms: bucketMs,
        series: points.map((p) => ({
          point_id: p.id,
          name: p.name,
          title: p.title,
          unit: p.unit,
          points: fits
            ? rawPoints(rowsOf.get(p.id) ?? [])
            : fillBuckets(rowsOf.get(p.id) ?? [], startMs, endMs, bucketMs),
        })),
      };
    },
  };
}

export type TelemetryService = ReturnType<typeof createTelemetryService>;

/** Items by key, in their order (Map.groupBy needs Node 21). */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
