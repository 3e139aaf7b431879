import type { Series, SeriesAnswer } from '@fleet/contracts';
import type { LineSeriesOption } from 'echarts/charts';
import type { DataZoomComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { unitAxes } from '../../../shared/charts/unit-axes';
import type { BaseChartOption } from '../../../shared/components/EChart';
import type { Window } from './history-params';
import { type PointMeta, pointLabel, valueView } from './point-meta';

export type HistoryChartOption = BaseChartOption & ComposeOption<LineSeriesOption | DataZoomComponentOption>;

/**
 * The chart's series after a zoom: the overview outside the zoomed window, the finer answer for the
 * window inside it (so the slider still shows the whole range while the window grows in detail).
 */
export function mergeWindow(
  base: readonly Series[],
  detail: readonly Series[] | undefined,
  window: Window | null | undefined,
): Series[] {
  if (!detail || !window) return [...base];
  const fine = new Map(detail.map((s) => [s.point_id, s]));
  return base.map((s) => {
    const inner = fine.get(s.point_id);
    if (!inner) return s;
    return {
      ...s,
      points: [
        ...s.points.filter(([ts]) => ts < window.start),
        ...inner.points.filter(([ts]) => ts >= window.start && ts <= window.end),
        ...s.points.filter(([ts]) => ts > window.end),
      ],
    };
  });
}

/** True when no series holds a single value to draw. */
export function isEmptyAnswer(series: readonly Series[] | undefined): boolean {
  return !series || series.every((s) => s.points.every(([, v]) => v === null));
}

/** Units of the series in first-seen order ('' counts as a unit of its own). */
export function unitsOf(series: readonly Pick<Series, 'unit'>[]): string[] {
  return [...new Set(series.map((s) => s.unit))];
}

/** Legend names: the point's label, told apart by its name (then id) when two labels clash. */
export function seriesNames(series: readonly Pick<Series, 'point_id' | 'name' | 'title'>[]): string[] {
  const labels = series.map((s) => pointLabel(s));
  const count = (list: string[], v: string) => list.filter((x) => x === v).length;
  const withName = labels.map((l, i) =>
    count(labels, l) > 1 && series[i]?.name !== l ? `${l} (${series[i]?.name})` : l,
  );
  return withName.map((l, i) => (count(withName, l) > 1 ? `${l} #${series[i]?.point_id}` : l));
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const pad = (n: number) => String(n).padStart(2, '0');
/** Local 'YYYY-MM-DD HH:mm:ss' of an epoch ms. */
export function localTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** What ECharts hands an axis tooltip formatter (the fields used here). */
export interface TooltipParam {
  seriesIndex?: number;
  marker?: unknown;
  value?: unknown;
  axisValue?: unknown;
}

/**
 * The tooltip of one instant: the time, then per series its colour, name and value; a point with a
 * SPEC 4 translation shows the text with the raw value, others the number and unit. HTML-escaped
 * (point titles are user input).
 */
export function tooltipHtml(
  params: readonly TooltipParam[],
  rows: readonly { name: string; unit: string; meta: PointMeta | undefined }[],
  na: string,
): string {
  const first = params[0];
  if (!first) return '';
  const at = Array.isArray(first.value) ? Number(first.value[0]) : Number(first.axisValue);
  const lines = [`<div>${escapeHtml(Number.isFinite(at) ? localTime(at) : '')}</div>`];
  for (const p of params) {
    const row = rows[p.seriesIndex ?? -1];
    if (!row) continue;
    const raw = Array.isArray(p.value) ? (p.value[1] as number | string | null) : null;
    const view = valueView(raw, row.meta);
    let text = na;
    if (view?.translated) text = `${view.text} (${view.raw})`;
    else if (view) text = row.unit ? `${view.text} ${row.unit}` : view.text;
    const marker = typeof p.marker === 'string' ? p.marker : '';
    lines.push(
      `<div>${marker}${escapeHtml(row.name)}: <b data-testid="history-tip-value">${escapeHtml(text)}</b></div>`,
    );
  }
  return lines.join('');
}

/**
 * The line chart of the history page: one series per point, empty buckets as gaps (connectNulls
 * false), a y axis per unit, a time axis over the whole range,
 * inside + slider zoom positioned on `zoom` (the whole range when null).
 */
export function historyChartOption(input: {
  series: readonly Series[];
  metas: ReadonlyMap<number, PointMeta>;
  range: Window;
  zoom: Window | null;
  na: string;
}): HistoryChartOption {
  const { series, metas, range, zoom, na } = input;
  const units = unitsOf(series);
  const names = seriesNames(series);
  const rows = series.map((s, i) => ({
    name: names[i] ?? s.title,
    unit: s.unit,
    meta: metas.get(s.point_id),
  }));
  const axes = unitAxes(units, { scale: true });
  return {
    animation: false,
    grid: {
      left: axes.left,
      right: axes.right,
      top: 48,
      bottom: 72,
      containLabel: true,
    },
    legend: { type: 'scroll', top: 0, data: names },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) =>
        tooltipHtml((Array.isArray(params) ? params : [params]) as TooltipParam[], rows, na),
    },
    xAxis: { type: 'time', min: range.start, max: range.end },
    yAxis: axes.yAxis,
    dataZoom: [
      {
        type: 'inside',
        xAxisIndex: 0,
        filterMode: 'none',
        startValue: zoom?.start ?? range.start,
        endValue: zoom?.end ?? range.end,
      },
      {
        type: 'slider',
        xAxisIndex: 0,
        filterMode: 'none',
        bottom: 12,
        startValue: zoom?.start ?? range.start,
        endValue: zoom?.end ?? range.end,
      },
    ],
    series: series.map((s, i) => ({
      type: 'line',
      name: names[i],
      yAxisIndex: axes.indexOf(s.unit),
      connectNulls: false,
      // Sparse series (few values, e.g. a state stored on change) would vanish between gaps without symbols.
      showSymbol: s.points.filter((p) => p[1] !== null).length <= 120,
      symbolSize: 4,
      sampling: undefined,
      data: s.points.map(([ts, v]) => [ts, typeof v === 'number' ? v : null]),
    })),
  };
}

/** The zoom window an ECharts datazoom event describes, in ms of the whole range; null: all of it. */
export function windowOfZoom(
  event: {
    start?: number;
    end?: number;
    startValue?: number;
    endValue?: number;
    batch?: { start?: number; end?: number; startValue?: number; endValue?: number }[];
  },
  range: Window,
): Window | null {
  const e = event.batch?.[0] ?? event;
  const span = range.end - range.start;
  let start: number;
  let end: number;
  if (typeof e.startValue === 'number' && typeof e.endValue === 'number') {
    start = e.startValue;
    end = e.endValue;
  } else if (typeof e.start === 'number' && typeof e.end === 'number') {
    start = range.start + (span * e.start) / 100;
    end = range.start + (span * e.end) / 100;
  } else return null;
  start = Math.max(range.start, Math.round(start));
  end = Math.min(range.end, Math.round(end));
  // Within 0.5 % of the whole range: not zoomed.
  if (end - start >= span * 0.995 || end <= start) return null;
  return { start, end };
}

/** The bucket width under the chart: raw values, or "1 point = 5 min" as a key and its parameters. */
export function bucketText(bucketMs: SeriesAnswer['bucket_ms']): {
  key: string;
  unitKey?: string;
  count?: number;
} {
  if (bucketMs <= 0) return { key: 'history.bucketRaw' };
  const units: [string, number][] = [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['min', 60_000],
    ['s', 1000],
  ];
  for (const [unit, ms] of units) {
    if (bucketMs >= ms) {
      return {
        key: 'history.bucket',
        unitKey: `history.duration.${unit}`,
        count: Math.round((bucketMs / ms) * 10) / 10,
      };
    }
  }
  return { key: 'history.bucket', unitKey: 'history.duration.ms', count: bucketMs };
}
