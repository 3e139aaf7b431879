import {
  OVERVIEW_LATEST_ROWS,
  OVERVIEW_TREND_DAYS,
  type OverviewQuery,
  type OverviewReport,
} from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { zonedDay } from '../../platform/time/zone.js';
import type { AlarmRows } from '../alarms/alarm-rows.service.js';
import { toLogRow } from '../connectivity/connectivity.service.js';
import type { OnofflineLog } from '../connectivity/onoffline-log.service.js';
import type { AlarmDayGroup, OverviewRepository } from './overview.repository.js';
import { daysEndingWith } from './overview-days.js';

/** Days of the readings figure "last 7 days", today included. */
const READINGS_WEEK = 7;

/** SPEC 4: types 0 and 3 record a recovery, not an alarm. */
const isRecovery = (alarmType: number) => alarmType === 0 || alarmType === 3;

const bump = (map: Record<string, number>, key: number, by: number) => {
  map[key] = (map[key] ?? 0) + by;
};

function alarmsToday(groups: AlarmDayGroup[], today: string): OverviewReport['alarms_today'] {
  const summary = { total: 0, unhandled: 0, by_level: {}, by_type: {} } as OverviewReport['alarms_today'];
  for (const g of groups) {
    if (g.day !== today || isRecovery(g.alarmType)) continue;
    summary.total += g.total;
    summary.unhandled += g.unhandled;
    bump(summary.by_level, g.level, g.total);
    bump(summary.by_type, g.alarmType, g.total);
  }
  return summary;
}

function alarmTrend(groups: AlarmDayGroup[], days: string[]): OverviewReport['alarm_trend'] {
  const byDay = new Map(days.map((day) => [day, { day, alarms: 0, recovered: 0 }]));
  for (const g of groups) {
    const point = byDay.get(g.day);
    if (!point) continue;
    if (isRecovery(g.alarmType)) point.recovered += g.total;
    else point.alarms += g.total;
  }
  return [...byDay.values()];
}

/** The platform overview of the devices in the caller's scope (SPEC 2.3 /dashboard/index). */
export function createOverviewService(deps: {
  repo: OverviewRepository;
  /** The online/offline log, for the latest offline events. */
  onoffline: Pick<OnofflineLog, 'logRows'>;
  /** The alarm log, for the latest alarms. */
  alarms: Pick<AlarmRows, 'latestVisible'>;
  clock: () => Date;
}) {
  const { repo, onoffline, alarms, clock } = deps;
  return {
    async overview(scope: Scope, query: OverviewQuery): Promise<OverviewReport> {
      const now = clock();
      const days = daysEndingWith(zonedDay(now, query.tz), OVERVIEW_TREND_DAYS);
      // The pipeline counts readings per UTC day (ingest_counters.day), so these days are UTC days
      // whatever the caller's zone: a per-hour counter would be needed to shift them.
      const utcDays = daysEndingWith(now.toISOString().slice(0, 10), OVERVIEW_TREND_DAYS);
      const [devices, groups, readings, latestAlarms, latestOffline] = await Promise.all([
        repo.deviceCounts(scope),
        repo.alarmDayGroups(scope, query.tz, days[0]!),
        repo.readingsByDay(scope, utcDays[0]!),
        alarms.latestVisible(scope, OVERVIEW_LATEST_ROWS),
        onoffline.logRows(scope, { status: 0 }, OVERVIEW_LATEST_ROWS),
      ]);
      const readingsOf = new Map(readings.map((r) => [r.day, r.readings]));
      const readingsTrend = utcDays.map((day) => ({ day, readings: readingsOf.get(day) ?? 0 }));
      return {
        devices,
        alarms_today: alarmsToday(groups, days[days.length - 1]!),
        alarm_trend: alarmTrend(groups, days),
        readings: {
          today: readingsTrend[readingsTrend.length - 1]!.readings,
          last_7_days: readingsTrend.slice(-READINGS_WEEK).reduce((sum, r) => sum + r.readings, 0),
          trend: readingsTrend,
        },
        latest_alarms: latestAlarms,
        latest_offline: latestOffline.map(toLogRow),
      };
    },
  };
}
