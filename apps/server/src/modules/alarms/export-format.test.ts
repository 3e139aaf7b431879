import { isTimeZoneName as isTimeZone } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { zonedStamp, zonedTime } from '../../platform/time/zone.js';
import { alarmLogExportQuery } from './export-format.js';

describe('zonedTime', () => {
  it('formats the wall clock of the zone, midnight as 00 and daylight saving included', () => {
    expect(zonedTime(new Date('2026-01-01T16:00:05Z'), 'Asia/Shanghai')).toBe('2026-01-02 00:00:05');
    expect(zonedTime('2026-07-01T12:00:00.000Z', 'America/New_York')).toBe('2026-07-01 08:00:00');
    expect(zonedTime('2026-01-01T12:00:00.000Z', 'America/New_York')).toBe('2026-01-01 07:00:00');
    // Across a DST change (Berlin, 2026-03-29 01:00 UTC) and a half-hour zone, to the second.
    expect(zonedTime('2026-03-29T00:59:59.900Z', 'Europe/Berlin')).toBe('2026-03-29 01:59:59');
    expect(zonedTime('2026-03-29T01:00:00.000Z', 'Europe/Berlin')).toBe('2026-03-29 03:00:00');
    expect(zonedTime('2026-10-25T00:59:59Z', 'Europe/Berlin')).toBe('2026-10-25 02:59:59');
    expect(zonedTime('2026-10-25T01:00:00Z', 'Europe/Berlin')).toBe('2026-10-25 02:00:00');
    expect(zonedTime('2026-06-30T18:29:59Z', 'Asia/Kolkata')).toBe('2026-06-30 23:59:59');
    expect(zonedTime('1969-12-31T23:59:59.500Z', 'UTC')).toBe('1969-12-31 23:59:59');
    expect(zonedStamp(new Date('2026-03-04T05:06:07Z'), 'UTC')).toBe('20260304-050607');
  });
});

describe('export options', () => {
  it('default to Chinese and UTC and refuse unknown zones', () => {
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(alarmLogExportQuery.parse({})).toMatchObject({ lang: 'zh', tz: 'UTC' });
    expect(alarmLogExportQuery.safeParse({ tz: 'Mars/Olympus' }).success).toBe(false);
  });
});
