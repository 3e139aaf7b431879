import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  defaultRange,
  formProblem,
  initialForm,
  periodCount,
  type ReportForm,
  reportExportParams,
  reportParams,
} from './report-query';

const now = dayjs('2026-11-22T10:00:00');
const form = (over: Partial<ReportForm> = {}): ReportForm => ({
  ...initialForm(now),
  deviceId: 7,
  ...over,
});

describe('report query from the form', () => {
  it('defaults: a week of days, a month of weeks, half a year of months', () => {
    expect(defaultRange('day', now)[0].format('YYYY-MM-DD')).toBe('2026-11-15');
    expect(defaultRange('week', now)[0].format('YYYY-MM-DD')).toBe('2026-10-23');
    expect(defaultRange('month', now)[0].format('YYYY-MM-DD')).toBe('2026-05-22');
    expect(defaultRange('month', now)[1].valueOf()).toBe(now.valueOf());
  });

  it('asks for the device, its points (deduplicated), period, range and zone', () => {
    const q = reportParams(form({ pointNames: ['temp', ' energy ', 'temp', ''] }), 'Asia/Shanghai');
    expect(q).toEqual({
      device_id: '7',
      point_names: 'temp,energy',
      period: 'day',
      starttime: now.subtract(7, 'day').toISOString(),
      endtime: now.toISOString(),
      tz: 'Asia/Shanghai',
    });
  });

  it('asks for the group when the subject is a group (even with a device picked before)', () => {
    const q = reportParams(form({ subjectKind: 'group', groupId: 3 }), 'UTC');
    expect(q?.group_id).toBe('3');
    expect(q).not.toHaveProperty('device_id');
    expect(q).not.toHaveProperty('point_names');
  });

  it('does not ask without subject or range, or beyond the period limit', () => {
    expect(formProblem(form({ deviceId: undefined }))).toBe('subject');
    expect(reportParams(form({ deviceId: undefined }), 'UTC')).toBeNull();
    expect(formProblem(form({ range: null }))).toBe('range');
    expect(formProblem(form({ range: [now, now] }))).toBe('range');
    expect(formProblem(form({ period: 'month', range: [now.subtract(24, 'month'), now] }))).toBe(
      'rangeTooLong',
    );
    expect(formProblem(form({ period: 'month', range: [now.subtract(23, 'month'), now] }))).toBeNull();
  });

  it('counts the calendar periods a range touches', () => {
    const start = dayjs('2026-11-01T00:00:00');
    expect(periodCount('day', [start, dayjs('2026-11-08T00:00:00')])).toBe(7);
    expect(periodCount('day', [start, dayjs('2026-11-08T00:00:01')])).toBe(8);
    // Sun 2026-11-01 .. Mon 2026-11-09 12:00: weeks of Oct 26, Nov 2, Nov 9.
    expect(periodCount('week', [start, dayjs('2026-11-09T12:00:00')])).toBe(3);
    expect(periodCount('month', [dayjs('2026-01-15'), dayjs('2026-03-01T00:00:00')])).toBe(2);
  });

  it('export params are the query without paging, strings only', () => {
    const q = reportParams(form(), 'UTC');
    expect(q).not.toBeNull();
    const params = reportExportParams(q!);
    expect(Object.values(params).every((v) => typeof v === 'string')).toBe(true);
    expect(params).not.toHaveProperty('page');
    expect(params.device_id).toBe('7');
  });
});
