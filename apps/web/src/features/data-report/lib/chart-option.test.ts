import type { DataReportRow } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { defaultChartStat, MAX_CHART_SERIES, reportChartOption } from './chart-option';

const row = (over: Partial<DataReportRow>): DataReportRow => ({
  period: '2026-11-20',
  period_start: '2026-11-19T16:00:00.000Z',
  period_end: '2026-11-20T16:00:00.000Z',
  device_id: 1,
  device_title: 'Boiler',
  point_id: 10,
  point_name: 'temp',
  point_title: 'Temperature',
  unit: '°C',
  count: 4,
  min: 1,
  max: 9,
  avg: 5,
  first: 1,
  last: 9,
  difference: 8,
  ...over,
});

type Series = { type: string; name: string; data: (number | null)[] };

describe('report chart option', () => {
  it('one series per (device, point), periods on the x axis, empty periods as gaps', () => {
    const rows = [
      row({}),
      row({ point_id: 11, point_name: 'energy', point_title: 'Energy', unit: 'kWh', avg: 100 }),
      row({
        period: '2026-11-21',
        count: 0,
        min: null,
        max: null,
        avg: null,
        first: null,
        last: null,
        difference: null,
      }),
      row({
        period: '2026-11-21',
        point_id: 11,
        point_name: 'energy',
        point_title: 'Energy',
        unit: 'kWh',
        avg: 120,
      }),
    ];
    const { option, truncated } = reportChartOption(rows, 'avg', 'line');
    expect(truncated).toBe(false);
    expect((option.xAxis as { data: string[] }).data).toEqual(['2026-11-20', '2026-11-21']);
    const series = option.series as Series[];
    expect(series.map((s) => s.name)).toEqual(['Temperature (°C)', 'Energy (kWh)']);
    expect(series[0]).toMatchObject({ type: 'line', data: [5, null] });
    expect(series[1]?.data).toEqual([100, 120]);
  });

  it('names the device when the report spans several, and picks the statistic', () => {
    const rows = [row({}), row({ device_id: 2, device_title: 'Pump', difference: 3 })];
    const { option } = reportChartOption(rows, 'difference', 'bar');
    const series = option.series as Series[];
    expect(series.map((s) => s.name)).toEqual(['Boiler · Temperature (°C)', 'Pump · Temperature (°C)']);
    expect(series.map((s) => s.type)).toEqual(['bar', 'bar']);
    expect(series[1]?.data).toEqual([3]);
    const counts = reportChartOption([row({ count: 0, avg: null })], 'count', 'bar').option
      .series as Series[];
    expect(counts[0]?.data).toEqual([0]);
  });

  it('gives each unit its own y axis, counts one shared axis', () => {
    const rows = [
      row({}),
      row({ point_id: 11, point_name: 'energy', point_title: 'Energy', unit: 'kWh', avg: 100 }),
      row({ point_id: 12, point_name: 'temp2', point_title: 'Return', unit: '°C' }),
    ];
    const avg = reportChartOption(rows, 'avg', 'bar').option as unknown as {
      yAxis: { name: string }[];
      series: { yAxisIndex: number }[];
    };
    expect(avg.yAxis.map((a) => a.name)).toEqual(['°C', 'kWh']);
    expect(avg.series.map((s) => s.yAxisIndex)).toEqual([0, 1, 0]);
    const count = reportChartOption(rows, 'count', 'bar').option as unknown as typeof avg;
    expect(count.yAxis).toHaveLength(1);
    expect(count.series.map((s) => s.yAxisIndex)).toEqual([0, 0, 0]);
  });

  it(`keeps at most ${MAX_CHART_SERIES} series`, () => {
    const rows = Array.from({ length: 12 }, (_, i) => row({ device_id: i + 1, device_title: `D${i + 1}` }));
    const { option, truncated } = reportChartOption(rows, 'avg', 'bar');
    expect((option.series as Series[]).length).toBe(MAX_CHART_SERIES);
    expect(truncated).toBe(true);
  });

  it('starts with the difference for counters, else the average', () => {
    expect(defaultChartStat([{ unit: 'kWh' }, { unit: 'm³' }])).toBe('difference');
    expect(defaultChartStat([{ unit: 'kWh' }, { unit: '°C' }])).toBe('avg');
    expect(defaultChartStat([])).toBe('avg');
  });
});
