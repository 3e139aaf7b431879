import type { OptionEntry } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import {
  alarmTrendOption,
  DASHBOARD_COLOURS,
  levelCounts,
  readingsTrendOption,
  statCards,
  typeCounts,
} from './overview-view';

describe('statCards', () => {
  it('shows total, online, offline and alarm with their share of all devices and SPEC 4 colours', () => {
    const cards = statCards({ total: 8, online: 6, offline: 2, alarm: 1, normal: 5 });
    expect(cards.map((c) => [c.key, c.value, c.percent])).toEqual([
      ['total', 8, null],
      ['online', 6, 75],
      ['offline', 2, 25],
      ['alarm', 1, 13],
    ]);
    expect(cards.find((c) => c.key === 'offline')?.color).toBe(DASHBOARD_COLOURS.offline);
    expect(cards.find((c) => c.key === 'alarm')?.color).toBe(DASHBOARD_COLOURS.alarm);
  });

  it('has no shares without devices', () => {
    expect(statCards({ total: 0, online: 0, offline: 0, alarm: 0, normal: 0 }).map((c) => c.percent)).toEqual(
      [null, null, null, null],
    );
  });
});

describe('trend options', () => {
  const trend = [
    { day: '2026-03-10', alarms: 3, recovered: 1 },
    { day: '2026-03-11', alarms: 0, recovered: 2 },
  ];

  it('puts alarms as bars and recoveries as a line on the days of the report', () => {
    const option = alarmTrendOption(trend, { alarms: 'Alarms', recovered: 'Recovered' });
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['03-10', '03-11'] });
    expect(option.series).toEqual([
      expect.objectContaining({ name: 'Alarms', type: 'bar', data: [3, 0] }),
      expect.objectContaining({ name: 'Recovered', type: 'line', data: [1, 2] }),
    ]);
    expect(option.legend).toMatchObject({ data: ['Alarms', 'Recovered'] });
  });

  it('draws readings per day as one line', () => {
    const option = readingsTrendOption(
      [
        { day: '2026-03-10', readings: 50 },
        { day: '2026-03-11', readings: 0 },
      ],
      'Readings',
    );
    expect(option.xAxis).toMatchObject({ data: ['03-10', '03-11'] });
    expect(option.series).toEqual([
      expect.objectContaining({ name: 'Readings', type: 'line', data: [50, 0] }),
    ]);
  });
});

describe('levelCounts', () => {
  const levels: OptionEntry[] = [
    { value: 1, label: { zh: '提示', en: 'Info', es: 'Aviso' }, color: 'blue' },
    { value: '2', label: { zh: '一般', en: 'Minor', es: '' }, color: 'orange' },
  ];

  it('follows the option order with labels of the language, zero for quiet levels, unknown levels last', () => {
    expect(levelCounts({ 2: 4, 9: 1, 7: 2 }, levels, 'es')).toEqual([
      { level: 1, label: 'Aviso', color: 'blue', count: 0 },
      // No Spanish label: English.
      { level: 2, label: 'Minor', color: 'orange', count: 4 },
      { level: 7, label: null, count: 2 },
      { level: 9, label: null, count: 1 },
    ]);
  });

  it('lists the levels of the report when the option is not loaded', () => {
    expect(levelCounts({ 3: 1 }, undefined, 'en')).toEqual([{ level: 3, label: null, count: 1 }]);
  });
});

describe('typeCounts', () => {
  it('orders alarm types by count and carries their SPEC 4 tag', () => {
    const rows = typeCounts({ 1: 2, 101: 5, 4: 2 });
    expect(rows.map((r) => [r.type, r.count, r.color])).toEqual([
      [101, 5, 'error'],
      [1, 2, 'error'],
      [4, 2, 'warning'],
    ]);
    expect(rows[0]?.key).toBe('devices.alarmType.101');
  });
});
