import type { Series } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import type { PointMeta } from './point-meta';
import {
  bucketText,
  historyChartOption,
  isEmptyAnswer,
  localTime,
  mergeWindow,
  seriesNames,
  tooltipHtml,
  windowOfZoom,
} from './series-option';

const meta = (id: number, over: Partial<PointMeta> = {}): PointMeta => ({
  point_id: id,
  name: `p${id}`,
  title: `Point ${id}`,
  slave_id: null,
  unit: '',
  data_type: 'float',
  storage_mode: 1,
  stored_count: 10,
  decimals: null,
  translate: [],
  ...over,
});
const series = (id: number, points: Series['points'], over: Partial<Series> = {}): Series => ({
  point_id: id,
  name: `p${id}`,
  title: `Point ${id}`,
  unit: '',
  points,
  ...over,
});
const range = { start: 0, end: 1000 };

type Built = ReturnType<typeof historyChartOption> & {
  series: { data: unknown[]; connectNulls: boolean; yAxisIndex: number; name: string }[];
  yAxis: { name: string; show: boolean; position: string; offset: number }[];
  dataZoom: { type: string; startValue: number; endValue: number }[];
  xAxis: { min: number; max: number };
};
const build = (list: Series[], zoom: { start: number; end: number } | null = null) =>
  historyChartOption({ series: list, metas: new Map(), range, zoom, na: '-' }) as unknown as Built;

describe('historyChartOption', () => {
  it('keeps empty buckets as gaps (null, connectNulls false) and plots strings as gaps', () => {
    const option = build([
      series(1, [
        [0, 1],
        [100, null],
        [200, 'on'],
        [300, 4],
      ]),
    ]);
    const s = option.series[0];
    expect(s?.connectNulls).toBe(false);
    expect(s?.data).toEqual([
      [0, 1],
      [100, null],
      [200, null],
      [300, 4],
    ]);
  });

  it('draws one axis per unit, the fifth and later with hidden labels', () => {
    const one = build([series(1, [], { unit: '°C' }), series(2, [], { unit: '°C' })]);
    expect(one.yAxis.map((a) => a.name)).toEqual(['°C']);
    expect(one.series.map((s) => s.yAxisIndex)).toEqual([0, 0]);

    const two = build([
      series(1, [], { unit: '°C' }),
      series(2, [], { unit: 'kPa' }),
      series(3, [], { unit: '°C' }),
    ]);
    expect(two.yAxis.map((a) => a.name)).toEqual(['°C', 'kPa']);
    expect(two.series.map((s) => s.yAxisIndex)).toEqual([0, 1, 0]);

    const three = build([
      series(1, [], { unit: '°C' }),
      series(2, [], { unit: 'kPa' }),
      series(3, [], { unit: 'V' }),
    ]);
    expect(three.yAxis.map((a) => a.name)).toEqual(['°C', 'kPa', 'V']);
    expect(three.series.map((s) => s.yAxisIndex)).toEqual([0, 1, 2]);

    const five = build(['°C', 'kPa', 'V', 'kWh', ''].map((unit, i) => series(i + 1, [], { unit })));
    expect(five.yAxis.map((a) => [a.name, a.show, a.position, a.offset])).toEqual([
      ['°C', true, 'left', 0],
      ['kPa', true, 'right', 0],
      ['V', true, 'left', 56],
      ['kWh', true, 'right', 56],
      ['', false, 'left', 0],
    ]);
  });

  it('spans the whole range and places both zooms on the zoomed window', () => {
    const whole = build([series(1, [])]);
    expect(whole.xAxis).toMatchObject({ min: 0, max: 1000 });
    expect(whole.dataZoom.map((z) => z.type)).toEqual(['inside', 'slider']);
    expect(whole.dataZoom.every((z) => z.startValue === 0 && z.endValue === 1000)).toBe(true);
    const zoomed = build([series(1, [])], { start: 200, end: 400 });
    expect(zoomed.dataZoom.every((z) => z.startValue === 200 && z.endValue === 400)).toBe(true);
  });

  it('names clashing labels apart', () => {
    expect(
      seriesNames([
        { point_id: 1, name: 'temp', title: 'Temp' },
        { point_id: 2, name: 'temp2', title: 'Temp' },
        { point_id: 3, name: 'p', title: '' },
      ]),
    ).toEqual(['Temp (temp)', 'Temp (temp2)', 'p']);
  });
});

describe('mergeWindow', () => {
  it('puts the finer answer inside the window and keeps the overview around it', () => {
    const base = [
      series(1, [
        [0, 1],
        [400, 2],
        [800, 3],
      ]),
    ];
    const detail = [
      series(1, [
        [300, 5],
        [350, null],
        [500, 6],
        [700, 7],
      ]),
    ];
    expect(mergeWindow(base, detail, { start: 300, end: 600 })[0]?.points).toEqual([
      [0, 1],
      [300, 5],
      [350, null],
      [500, 6],
      [800, 3],
    ]);
    expect(mergeWindow(base, undefined, { start: 300, end: 600 })).toEqual(base);
  });
});

describe('tooltipHtml', () => {
  const rows = [
    {
      name: 'Pump',
      unit: '',
      meta: meta(1, { translate: [{ range: { lolmt: 1, uplmt: 1 }, text: 'Running' }] }),
    },
    { name: 'Temp <b>', unit: '°C', meta: meta(2, { decimals: 1 }) },
    { name: 'Empty', unit: 'V', meta: meta(3) },
  ];
  it('shows translated text with the raw value, numbers with unit and decimals, gaps as n/a', () => {
    const html = tooltipHtml(
      [
        { seriesIndex: 0, marker: '<i></i>', value: [0, 1] },
        { seriesIndex: 1, marker: '', value: [0, 21.345] },
        { seriesIndex: 2, marker: '', value: [0, null] },
      ],
      rows,
      'N/A',
    );
    expect(html).toContain(`<div>${localTime(0)}</div>`);
    expect(html).toContain('<i></i>Pump: <b data-testid="history-tip-value">Running (1)</b>');
    expect(html).toContain('Temp &lt;b&gt;: <b data-testid="history-tip-value">21.3 °C</b>');
    expect(html).toContain('Empty: <b data-testid="history-tip-value">N/A</b>');
  });
  it('shows an untranslated value when no range matches', () => {
    const html = tooltipHtml([{ seriesIndex: 0, value: [0, 0] }], rows, 'N/A');
    expect(html).toContain('>0<');
  });
});

describe('windowOfZoom', () => {
  it('reads percentages (slider), batches (inside) and values', () => {
    expect(windowOfZoom({ start: 25, end: 50 }, range)).toEqual({ start: 250, end: 500 });
    expect(windowOfZoom({ batch: [{ start: 10, end: 20 }] }, range)).toEqual({ start: 100, end: 200 });
    expect(windowOfZoom({ startValue: 300, endValue: 2000 }, range)).toEqual({ start: 300, end: 1000 });
  });
  it('is null when zoomed out to (nearly) the whole range or unreadable', () => {
    expect(windowOfZoom({ start: 0, end: 100 }, range)).toBeNull();
    expect(windowOfZoom({ start: 0.2, end: 99.9 }, range)).toBeNull();
    expect(windowOfZoom({}, range)).toBeNull();
  });
});

describe('bucketText and emptiness', () => {
  it('names the bucket width in the largest fitting unit', () => {
    expect(bucketText(0)).toEqual({ key: 'history.bucketRaw' });
    expect(bucketText(300_000)).toMatchObject({ unitKey: 'history.duration.min', count: 5 });
    expect(bucketText(90_000)).toMatchObject({ unitKey: 'history.duration.min', count: 1.5 });
    expect(bucketText(86_400_000)).toMatchObject({ unitKey: 'history.duration.d', count: 1 });
    expect(bucketText(500)).toMatchObject({ unitKey: 'history.duration.ms', count: 500 });
  });
  it('calls an answer of only empty buckets empty', () => {
    expect(isEmptyAnswer([series(1, [[0, null]]), series(2, [])])).toBe(true);
    expect(isEmptyAnswer([series(1, [[0, null]]), series(2, [[1, 0]])])).toBe(false);
  });
});
