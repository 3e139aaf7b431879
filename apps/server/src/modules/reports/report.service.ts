import {
  type DataReportAnswer,
  type DataReportQuery,
  type DataReportRow,
  REPORT_MAX_PERIODS,
  type ReportPoint,
} from '@fleet/contracts';
import { notFound } from '../../platform/auth/access.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { fieldError } from '../../platform/http/errors.js';
import { type Period, periodsBetween } from './periods.js';
import {
  createReportRepository,
  type PeriodStats,
  type ReportPointRecord,
  type ReportRepository,
} from './report.repository.js';

export interface ReportServiceDeps {
  repo: ReportRepository;
}

/** A report's subject: one device or a group (exactly one given; the query schema checks that). */
export interface ReportSubject {
  device_id?: number;
  group_id?: number;
}

const empty = { count: 0, min: null, max: null, avg: null, first: null, last: null, difference: null };

/** Data report V2 (docs/api-datacenter.md): statistics per calendar period, device and point. */
export function createReportService({ repo }: ReportServiceDeps) {
  /** Visible device ids of the subject; 404 for a device or group outside the caller's scope. */
  async function subjectDevices(scope: Scope, subject: ReportSubject): Promise<number[]> {
    if (subject.device_id !== undefined) {
      if (!(await repo.visibleDevice(scope, subject.device_id))) throw notFound('device not found');
      return [subject.device_id];
    }
    if (subject.group_id === undefined) throw fieldError('query.device_id', 'report.deviceOrGroup');
    if (!(await repo.visibleGroup(scope, subject.group_id))) throw notFound('group not found');
    return repo.groupDeviceIds(scope, subject.group_id);
  }

  function periodsOf(query: DataReportQuery): Period[] {
    if (query.endtime.getTime() <= query.starttime.getTime())
      throw fieldError('query.endtime', 'range.endBeforeStart');
    const max = REPORT_MAX_PERIODS[query.period];
    const periods = periodsBetween(query.period, query.starttime, query.endtime, query.tz, max);
    if (!periods) throw fieldError('query.endtime', 'report.tooManyPeriods', { max });
    return periods;
  }

  function row(period: Period, point: ReportPointRecord, stats: PeriodStats | undefined): DataReportRow {
    return {
      period: period.label,
      period_start: period.start.toISOString(),
      period_end: period.end.toISOString(),
      device_id: point.deviceId,
      device_title: point.deviceTitle,
      point_id: point.pointId,
      point_name: point.name,
      point_title: point.title,
      unit: point.unit,
      ...(stats
        ? {
            count: stats.count,
            min: stats.min,
            max: stats.max,
            avg: stats.avg,
            first: stats.first,
            last: stats.last,
            difference: stats.difference,
          }
        : empty),
    };
  }

  return {
    /**
     * One page of rows ordered by (period, device title, point sort); empty periods are rows too, so
     * total = periods x points and a page reads only its periods and points.
     */
    async report(scope: Scope, query: DataReportQuery): Promise<DataReportAnswer> {
      const periods = periodsOf(query);
      const deviceIds = await subjectDevices(scope, query);
      const points = await repo.points(deviceIds, query.point_names);
      const total = periods.length * points.length;
      const offset = (query.page - 1) * query.limit;
      const end = Math.min(total, offset + query.limit);
      if (offset >= end) return { rows: [], total };

      const firstPeriod = Math.floor(offset / points.length);
      const lastPeriod = Math.floor((end - 1) / points.length);
      const pagePeriods = periods.slice(firstPeriod, lastPeriod + 1);
      const pagePoints =
        pagePeriods.length > 1
          ? points
          : points.slice(offset % points.length, ((end - 1) % points.length) + 1);
      const bounds = [...pagePeriods.map((p) => p.start), pagePeriods.at(-1)!.end];
      const watermark = await repo.rollupWatermark();
      const stats = await repo.stats([...new Set(pagePoints.map((p) => p.pointId))], bounds, watermark);
      const byKey = new Map(stats.map((s) => [`${s.period}:${s.pointId}`, s]));

      const rows: DataReportRow[] = [];
      for (let i = offset; i < end; i++) {
        const periodIndex = Math.floor(i / points.length);
        const point = points[i % points.length]!;
        const stat = byKey.get(`${periodIndex - firstPeriod}:${point.pointId}`);
        rows.push(row(periods[periodIndex]!, point, stat));
      }
      return { rows, total };
    },

    /** Reportable point names of the device or group: one entry per name, with how many devices have it. */
    async points(scope: Scope, subject: ReportSubject): Promise<ReportPoint[]> {
      const deviceIds = await subjectDevices(scope, subject);
      const points = await repo.points(deviceIds);
      const byName = new Map<string, ReportPoint & { ids: Set<number> }>();
      for (const p of points) {
        const entry = byName.get(p.name);
        if (entry) entry.ids.add(p.deviceId);
        else
          byName.set(p.name, {
            name: p.name,
            title: p.title,
            unit: p.unit,
            devices: 0,
            ids: new Set([p.deviceId]),
          });
      }
      return [...byName.values()]
        .map(({ ids, ...rest }) => ({ ...rest, devices: ids.size }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;

/** The report service over a database: its routes and the export worker (which renders reports to files) use it. */
export const reportServiceOf = (db: Executor): ReportService =>
  createReportService({ repo: createReportRepository(db) });
