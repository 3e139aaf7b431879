import type { BigScreenReport } from '@fleet/contracts';
import { BarChart, LineChart } from 'echarts/charts';
import { useMemo } from 'react';
import { EChart, registerCharts } from '../../../shared/components/EChart';
import { clockLabel } from '../../../shared/time/clock-label';

registerCharts([BarChart, LineChart]);

const AXIS = { axisLine: { lineStyle: { color: '#2f5d86' } }, axisLabel: { color: '#9fb8d3' } };
const GRID = { left: 40, right: 16, top: 16, bottom: 28 };

/** Alarms per hour over 24 hours (bars). Animation off: a live screen redraws often. */
export function AlarmTrendChart({ trend }: { trend: BigScreenReport['alarm_trend'] }) {
  const option = useMemo(
    () => ({
      animation: false,
      grid: GRID,
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: trend.map((h) => clockLabel(h.hour)), ...AXIS },
      yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: '#163a5c' } }, ...AXIS },
      series: [
        { type: 'bar', data: trend.map((h) => h.alarms), itemStyle: { color: '#ff4d4f' }, barMaxWidth: 14 },
      ],
    }),
    [trend],
  );
  return <EChart option={option} height={250} testId="screen-alarm-trend" />;
}

/** Readings per minute (area line), the current minute counted live. */
export function ReadingsChart({ minutes }: { minutes: BigScreenReport['readings_per_minute'] }) {
  const option = useMemo(
    () => ({
      animation: false,
      grid: GRID,
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: minutes.map((m) => clockLabel(m.minute)), ...AXIS },
      yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: '#163a5c' } }, ...AXIS },
      series: [
        {
          type: 'line',
          smooth: true,
          showSymbol: false,
          data: minutes.map((m) => m.readings),
          lineStyle: { color: '#5cc8ff' },
          areaStyle: { color: 'rgba(92, 200, 255, 0.2)' },
        },
      ],
    }),
    [minutes],
  );
  return <EChart option={option} height={250} testId="screen-readings" />;
}
