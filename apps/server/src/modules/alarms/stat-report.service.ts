import type { EventStatQuery, EventStatRow, OptionEntry } from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { fieldError } from '../../platform/http/errors.js';
import { type ListResult, pageWindow } from '../../platform/http/paging.js';
import { zonedTime } from '../../platform/time/zone.js';
import { levelLabeller } from './alarm-levels.js';
import { type EventStatExportQuery, workbookBuffer, type XlsxFile } from './export-format.js';
import { offlineSeconds, type Transition } from './offline-time.js';
import type { StatDevice, StatFilter, StatReportRepository } from './stat-report.repository.js';
import { statReportWorkbook } from './stat-report-export.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Devices whose details are read in one round of queries (keeps IN lists short in big exports). */
const DETAIL_BATCH = 500;

export interface StatReportServiceDeps {
  repo: StatReportRepository;
  clock: () => Date;
  alarmLevels: () => Promise<OptionEntry[]>;
}

const groupBy = <T extends { deviceId: number }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.deviceId);
    if (list) list.push(row);
    else map.set(row.deviceId, [row]);
  }
  return map;
};

/** Alarm and online/offline statistics per device (GET /device/eventStatReport and its export). */
export function createStatReportService({ repo, clock, alarmLevels }: StatReportServiceDeps) {
  /** The period asked for; default the 7 days up to the end (the end defaults to now). */
  function filterOf(query: Omit<EventStatQuery, 'page' | 'limit'>): StatFilter {
    const to = query.endtime ?? clock();
    const from = query.starttime ?? new Date(to.getTime() - WEEK_MS);
    if (from.getTime() > to.getTime()) throw fieldError('query.starttime', 'range.startAfterEnd');
    return { from, to, deviceId: query.device_id, groupId: query.group_id, search: query.search };
  }

  async function details(devices: StatDevice[], f: StatFilter): Promise<EventStatRow[]> {
    const ids = devices.map((d) => d.id);
    if (ids.length === 0) return [];
    // Offline time cannot run past now, whatever end the period names.
    const end = new Date(Math.min(f.to.getTime(), clock().getTime()));
    const [breakdown, presence, before, inRange] = await Promise.all([
      repo.alarmBreakdown(ids, f),
      repo.presenceCounts(ids, f),
      repo.transitionsBefore(ids, f.from),
      repo.transitionsIn(ids, { from: f.from, to: end }),
    ]);
    const alarmsOf = groupBy(breakdown);
    const presenceOf = groupBy(presence);
    const beforeOf = new Map(before.map((t) => [t.deviceId, t as Transition]));
    const transitionsOf = groupBy(inRange);

    return devices.map((d) => {
      const row: EventStatRow = {
        device_id: d.id,
        device_title: d.title,
        device_imei: d.imei,
        alarms: 0,
        by_type: {},
        by_level: {},
        unhandled: 0,
        recovered: 0,
        offline_events: 0,
        online_events: 0,
        offline_seconds: offlineSeconds(beforeOf.get(d.id), transitionsOf.get(d.id) ?? [], f.from, end),
      };
      for (const a of alarmsOf.get(d.id) ?? []) {
        row.alarms += a.alarms;
        row.by_type[a.alarmType] = (row.by_type[a.alarmType] ?? 0) + a.alarms;
        row.by_level[a.level] = (row.by_level[a.level] ?? 0) + a.alarms;
        row.unhandled += a.unhandled;
        row.recovered += a.recovered;
      }
      for (const p of presenceOf.get(d.id) ?? []) {
        if (p.status === 0) row.offline_events += p.events;
        else row.online_events += p.events;
      }
      return row;
    });
  }

  /** Every row of the filter (no paging), in the report's order (the background export reads this too). */
  async function allRows(scope: Scope, query: Omit<EventStatQuery, 'page' | 'limit'>) {
    const f = filterOf(query);
    const { rows: devices } = await repo.devices(scope, f);
    const rows: EventStatRow[] = [];
    for (let i = 0; i < devices.length; i += DETAIL_BATCH)
      rows.push(...(await details(devices.slice(i, i + DETAIL_BATCH), f)));
    return { rows, from: f.from, to: f.to };
  }

  return {
    async report(scope: Scope, query: EventStatQuery): Promise<ListResult<EventStatRow>> {
      const f = filterOf(query);
      const { rows, total } = await repo.devices(scope, f, pageWindow(query));
      return { rows: await details(rows, f), total };
    },

    allRows,

    /** Every row of the filter (no paging), in the report's order. */
    async exportXlsx(scope: Scope, query: EventStatExportQuery): Promise<XlsxFile> {
      const { lang, tz } = query;
      const { rows, ...f } = await allRows(scope, query);
      const workbook = statReportWorkbook(rows, {
        lang,
        levelLabel: levelLabeller(await alarmLevels(), lang),
      });
      const day = (at: Date) => zonedTime(at, tz).slice(0, 10).replace(/-/g, '');
      return {
        file: await workbookBuffer(workbook),
        name: `alarm-report-${day(f.from)}-${day(f.to)}.xlsx`,
        truncated: false,
      };
    },
  };
}

export type StatReportService = ReturnType<typeof createStatReportService>;
