import { alarmTypeLabel, type EventStatRow, type Language } from '@fleet/contracts';
import type { Dayjs } from 'dayjs';
import type { BarSeriesOption } from 'echarts/charts';
import type { ComposeOption } from 'echarts/core';
import type { BaseChartOption } from '../../../shared/components/EChart';
import { rangeQuery } from '../../../shared/time/time-range';

/** Filters of the statistical report (besides paging and the debounced device search). */
export interface StatFilters {
  range: [Dayjs, Dayjs] | null;
  groupId: number | null;
}

/** GET /device/eventStatReport query without paging (the exports send the same). */
export function statFilterQuery(filters: StatFilters, search: string) {
  const q: { starttime?: string; endtime?: string; group_id?: number; search?: string } = {
    ...rangeQuery(filters.range),
  };
  if (filters.groupId) q.group_id = filters.groupId;
  const text = search.trim();
  if (text) q.search = text;
  return q;
}

/** The same query as strings, for POST /dataCenter/export `params`. */
export function statExportParams(filters: StatFilters, search: string): Record<string, string> {
  return Object.fromEntries(Object.entries(statFilterQuery(filters, search)).map(([k, v]) => [k, String(v)]));
}

/** "2 d 3 h 5 min" as the duration keys under statReport.duration, largest first, seconds only under a minute. */
export function durationParts(seconds: number): { key: string; count: number }[] {
  const s = Math.max(0, Math.floor(seconds));
  if (s === 0) return [{ key: 'statReport.duration.zero', count: 0 }];
  if (s < 60) return [{ key: 'statReport.duration.s', count: s }];
  const parts: { key: string; count: number }[] = [];
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) parts.push({ key: 'statReport.duration.d', count: d });
  if (h) parts.push({ key: 'statReport.duration.h', count: h });
  if (m && !d) parts.push({ key: 'statReport.duration.m', count: m });
  return parts;
}

/** Counts of a by_type / by_level map as sorted entries (largest first, then by code). */
export function countEntries(counts: Record<string, number>): { code: number; count: number }[] {
  return Object.entries(counts)
    .map(([code, count]) => ({ code: Number(code), count }))
    .filter((e) => Number.isFinite(e.code) && e.count > 0)
    .sort((a, b) => b.count - a.count || a.code - b.code);
}

/** The alarm types of a row with their labels in `lang`. */
export function typeEntries(row: Pick<EventStatRow, 'by_type'>, lang: Language) {
  return countEntries(row.by_type).map((e) => ({ ...e, label: alarmTypeLabel(e.code, lang) }));
}

export type StatChartOption = BaseChartOption & ComposeOption<BarSeriesOption>;

/** Horizontal bars of the devices with the most alarms (rows come ordered by alarms, most first). */
export function topDevicesOption(
  rows: readonly Pick<EventStatRow, 'device_title' | 'device_imei' | 'alarms'>[],
  seriesName: string,
  count = 10,
): StatChartOption {
  const top = rows
    .filter((r) => r.alarms > 0)
    .slice(0, count)
    .reverse();
  return {
    animation: false,
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      data: top.map((r) => r.device_title || r.device_imei),
      axisLabel: { width: 160, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: seriesName,
        data: top.map((r) => r.alarms),
        itemStyle: { color: '#ff4d4f' },
        label: { show: true, position: 'right' },
        barMaxWidth: 18,
      },
    ],
  };
}
