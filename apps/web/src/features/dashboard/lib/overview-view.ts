import type { Language, OptionEntry, OverviewReport } from '@fleet/contracts';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { ComposeOption } from 'echarts/core';
import type { BaseChartOption } from '../../../shared/components/EChart';
import { alarmTypeTagView, type StatusTagView } from '../../devices/lib/status';

export type TrendChartOption = BaseChartOption & ComposeOption<BarSeriesOption | LineSeriesOption>;

/** Colours of the SPEC 4 status tag (Ant Design palette): green normal/online, grey offline, red alarm. */
export const DASHBOARD_COLOURS = {
  total: '#1677ff',
  online: '#52c41a',
  offline: '#8c8c8c',
  alarm: '#ff4d4f',
  recovered: '#52c41a',
  readings: '#1677ff',
} as const;

export type StatCardKey = 'total' | 'online' | 'offline' | 'alarm';

export interface StatCard {
  key: StatCardKey;
  value: number;
  /** Share of all devices in percent (whole number); null for the total itself or when there are none. */
  percent: number | null;
  color: string;
}

/** The four device cards: total, online, offline, alarm. */
export function statCards(devices: OverviewReport['devices']): StatCard[] {
  const share = (n: number) => (devices.total > 0 ? Math.round((n / devices.total) * 100) : null);
  return (['total', 'online', 'offline', 'alarm'] as const).map((key) => ({
    key,
    value: devices[key],
    percent: key === 'total' ? null : share(devices[key]),
    color: DASHBOARD_COLOURS[key],
  }));
}

/** 'YYYY-MM-DD' -> 'MM-DD', the axis label of a day. */
export const shortDay = (day: string): string => day.slice(5);

const baseTrend = (days: string[]): TrendChartOption => ({
  grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
  tooltip: { trigger: 'axis' },
  xAxis: { type: 'category', data: days.map(shortDay), axisTick: { alignWithLabel: true } },
  yAxis: { type: 'value', minInterval: 1 },
});

/** Alarms per day as bars, recoveries as a line, over the report's 14 days. */
export function alarmTrendOption(
  trend: OverviewReport['alarm_trend'],
  names: { alarms: string; recovered: string },
): TrendChartOption {
  return {
    ...baseTrend(trend.map((d) => d.day)),
    legend: { top: 0, data: [names.alarms, names.recovered] },
    series: [
      {
        name: names.alarms,
        type: 'bar',
        barMaxWidth: 18,
        itemStyle: { color: DASHBOARD_COLOURS.alarm },
        data: trend.map((d) => d.alarms),
      },
      {
        name: names.recovered,
        type: 'line',
        smooth: true,
        itemStyle: { color: DASHBOARD_COLOURS.recovered },
        data: trend.map((d) => d.recovered),
      },
    ],
  };
}

/** Readings stored per (UTC) day, as an area line. */
export function readingsTrendOption(
  trend: OverviewReport['readings']['trend'],
  name: string,
): TrendChartOption {
  return {
    ...baseTrend(trend.map((d) => d.day)),
    legend: { top: 0, data: [name] },
    series: [
      {
        name,
        type: 'line',
        smooth: true,
        areaStyle: { opacity: 0.15 },
        itemStyle: { color: DASHBOARD_COLOURS.readings },
        data: trend.map((d) => d.readings),
      },
    ],
  };
}

export interface LevelCount {
  level: number;
  /** The level's label in the screen's language; null when the alarm_levels option lacks the level. */
  label: string | null;
  color?: string;
  count: number;
}

/**
 * Today's alarms per level, in the order of the alarm_levels option, then unknown levels by number.
 * Levels without alarms today are listed with 0 so the breakdown keeps its shape.
 */
export function levelCounts(
  byLevel: Record<string, number>,
  levels: readonly OptionEntry[] | undefined,
  lang: Language,
): LevelCount[] {
  const known = (levels ?? []).map((entry) => {
    const level = Number(entry.value);
    return {
      level,
      label: entry.label[lang] || entry.label.en || String(entry.value),
      color: entry.color,
      count: byLevel[level] ?? 0,
    };
  });
  const seen = new Set(known.map((l) => l.level));
  const unknown = Object.entries(byLevel)
    .map(([level, count]) => ({ level: Number(level), label: null, count }))
    .filter((l) => !seen.has(l.level))
    .sort((a, b) => a.level - b.level);
  return [...known, ...unknown];
}

/** Today's alarms per alarm type, most first, with the SPEC 4 tag of the type. */
export function typeCounts(
  byType: Record<string, number>,
): (StatusTagView & { type: number; count: number })[] {
  return Object.entries(byType)
    .map(([type, count]) => ({ ...alarmTypeTagView(Number(type)), type: Number(type), count }))
    .sort((a, b) => b.count - a.count || a.type - b.type);
}
