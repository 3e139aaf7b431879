import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  durationParts,
  statExportParams,
  statFilterQuery,
  topDevicesOption,
  typeEntries,
} from './stat-report';

describe('stat report helpers', () => {
  it('formats offline time in its two largest units', () => {
    expect(durationParts(0)).toEqual([{ key: 'statReport.duration.zero', count: 0 }]);
    expect(durationParts(42)).toEqual([{ key: 'statReport.duration.s', count: 42 }]);
    expect(durationParts(3 * 3600 + 5 * 60 + 9)).toEqual([
      { key: 'statReport.duration.h', count: 3 },
      { key: 'statReport.duration.m', count: 5 },
    ]);
    expect(durationParts(2 * 86_400 + 3600 + 60)).toEqual([
      { key: 'statReport.duration.d', count: 2 },
      { key: 'statReport.duration.h', count: 1 },
    ]);
  });

  it('labels alarm types in the language, most frequent first', () => {
    expect(typeEntries({ by_type: { '4': 1, '1': 3, '250': 1, '2': 0 } }, 'en')).toEqual([
      { code: 1, count: 3, label: 'Over-limit alarm' },
      { code: 4, count: 1, label: 'Online/offline alarm' },
      { code: 250, count: 1, label: 'Alarm 250' },
    ]);
  });

  it('builds the filter query and the export params as strings', () => {
    const range: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-01-01T00:00:00Z'), dayjs('2026-01-08T00:00:00Z')];
    expect(statFilterQuery({ range, groupId: 4 }, '  boiler ')).toEqual({
      starttime: '2026-01-01T00:00:00.000Z',
      endtime: '2026-01-08T00:00:00.000Z',
      group_id: 4,
      search: 'boiler',
    });
    expect(statExportParams({ range: null, groupId: 4 }, '')).toEqual({ group_id: '4' });
  });

  it('charts the top devices with alarms, most on top', () => {
    const option = topDevicesOption(
      [
        { device_title: 'A', device_imei: '1', alarms: 9 },
        { device_title: '', device_imei: '2', alarms: 4 },
        { device_title: 'C', device_imei: '3', alarms: 0 },
      ],
      'Alarms',
    ) as unknown as { yAxis: { data: string[] }; series: { data: number[] }[] };
    expect(option.yAxis.data).toEqual(['2', 'A']);
    expect(option.series[0]?.data).toEqual([4, 9]);
  });
});
