import type { DataReportRow } from '@fleet/contracts';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { ComposeOption } from 'echarts/core';
import { unitAxes } from '../../../shared/charts/unit-axes';
import type { BaseChartOption } from '../../../shared/components/EChart';

export type ReportChartOption = BaseChartOption & ComposeOption<BarSeriesOption | LineSeriesOption>;

export const CHART_STATS = ['avg', 'min', 'max', 'first', 'last', 'difference', 'count'] as const;
export type ChartStat = (typeof CHART_STATS)[number];
export type ChartKind = 'bar' | 'line';

/** At most this many (device, point) series on one chart. */
export const MAX_CHART_SERIES = 10;

/** Units of points that count up (energy, volume): their per-period difference is what people compare. */
const COUNTER_UNITS = /^(k|m|g)?wh$|^m3$|^m³$|^l$|^kvarh$|^varh$|^t$/i;

export function isCounterUnit(unit: string): boolean {
  return COUNTER_UNITS.test(unit.trim());
}

/** The statistic a chart starts with: difference when every point is a counter, else avg. */
export function defaultChartStat(points: ReadonlyArray<{ unit: string }>): ChartStat {
  return points.length > 0 && points.every((p) => isCounterUnit(p.unit)) ? 'difference' : 'avg';
}

export interface ChartSeriesKey {
  key: string;
  device_id: number;
  point_name: string;
  label: string;
}

/** The report's (device, point) pairs in row order, the first `max` of them, and whether more were left. */
export function chartSeriesKeys(
  rows: readonly DataReportRow[],
  multiDevice: boolean,
  max: number = MAX_CHART_SERIES,
): { keys: ChartSeriesKey[]; truncated: boolean } {
  const seen = new Map<string, ChartSeriesKey>();
  for (const r of rows) {
    const key = `${r.device_id}:${r.point_name}`;
    if (seen.has(key)) continue;
    const point = r.point_title || r.point_name;
    const unit = r.unit ? ` (${r.unit})` : '';
    seen.set(key, {
      key,
      device_id: r.device_id,
      point_name: r.point_name,
      label: multiDevice ? `${r.device_title} · ${point}${unit}` : `${point}${unit}`,
    });
  }
  const all = [...seen.values()];
  return { keys: all.slice(0, max), truncated: all.length > max };
}

/**
 * One series per (device, point) (at most MAX_CHART_SERIES) of `stat` per period, as bars or lines.
 * Periods without readings are gaps (null), not zeros.
 */
export function reportChartOption(
  rows: readonly DataReportRow[],
  stat: ChartStat,
  kind: ChartKind,
): { option: ReportChartOption; truncated: boolean } {
  const periods = [...new Set(rows.map((r) => r.period))].sort();
  const multiDevice = new Set(rows.map((r) => r.device_id)).size > 1;
  const { keys, truncated } = chartSeriesKeys(rows, multiDevice);
  const byKey = new Map<string, DataReportRow>();
  for (const r of rows) byKey.set(`${r.device_id}:${r.point_name}:${r.period}`, r);
  const unitOf = new Map(rows.map((r) => [`${r.device_id}:${r.point_name}`, r.unit]));
  // Counts share one axis; other statistics get an axis per unit (kWh next to °C).
  const axes = unitAxes(stat === 'count' ? [] : [...new Set(keys.map((k) => unitOf.get(k.key) ?? ''))], {
    scale: stat !== 'count' && stat !== 'difference',
  });
  const series = keys.map((k) => {
    const yAxisIndex = stat === 'count' ? 0 : axes.indexOf(unitOf.get(k.key) ?? '');
    const data = periods.map((p) => {
      const row = byKey.get(`${k.key}:${p}`);
      if (!row) return null;
      return stat === 'count' ? row.count : row[stat];
    });
    return kind === 'bar'
      ? ({ type: 'bar', name: k.label, data, yAxisIndex } satisfies BarSeriesOption)
      : ({
          type: 'line',
          name: k.label,
          yAxisIndex,
          data,
          connectNulls: false,
          showSymbol: true,
        } satisfies LineSeriesOption);
  });
  const option: ReportChartOption = {
    grid: { left: axes.left, right: axes.right, top: 48, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll', data: keys.map((k) => k.label) },
    xAxis: { type: 'category', data: periods, axisTick: { alignWithLabel: true } },
    yAxis: axes.yAxis,
    series,
  };
  return { option, truncated };
}
