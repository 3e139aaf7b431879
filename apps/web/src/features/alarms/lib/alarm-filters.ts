import type { Language } from '@fleet/contracts';
import type { Dayjs } from 'dayjs';
import { rangeQuery } from '../../../shared/time/time-range';

/** The alarm log's filters (besides paging and the debounced device search). */
export interface AlarmFilters {
  range: [Dayjs, Dayjs] | null;
  level?: number;
  alarmType?: number;
  /** 0 unhandled, 1 handled, 2 false alarm. */
  status?: number;
  /** Only alarms still open (not recovered). */
  openOnly: boolean;
}

export const EMPTY_ALARM_FILTERS: AlarmFilters = { range: null, openOnly: false };

/** GET /event/alarmlog query as the browser sends it (empty values are dropped by the client). */
export interface AlarmLogParams {
  page?: number;
  limit?: number;
  search?: string;
  starttime?: string;
  endtime?: string;
  level?: number;
  alarm_type?: number;
  status?: number;
  open?: 'true';
}

/** The filter part of the query (also what the export sends). */
export function alarmFilterQuery(filters: AlarmFilters, search: string): AlarmLogParams {
  const q: AlarmLogParams = { ...rangeQuery(filters.range) };
  const text = search.trim();
  if (text) q.search = text;
  if (filters.level !== undefined) q.level = filters.level;
  if (filters.alarmType !== undefined) q.alarm_type = filters.alarmType;
  if (filters.status !== undefined) q.status = filters.status;
  if (filters.openOnly) q.open = 'true';
  return q;
}

/** The list query: filters plus paging. */
export function alarmLogQuery(
  filters: AlarmFilters,
  search: string,
  paging: { page: number; limit: number },
): AlarmLogParams {
  return { page: paging.page, limit: paging.limit, ...alarmFilterQuery(filters, search) };
}

/** GET /event/alarmlog/export query: the current filter, the screen's language and the browser's zone. */
export function alarmExportQuery(
  filters: AlarmFilters,
  search: string,
  lang: Language,
  tz: string = browserTimeZone(),
): AlarmLogParams & { lang: Language; tz: string } {
  return { ...alarmFilterQuery(filters, search), lang, tz };
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** True when any filter narrows the list (for the empty-state text). */
export function isFiltered(filters: AlarmFilters, search: string): boolean {
  return Object.keys(alarmFilterQuery(filters, search)).length > 0;
}
