import { isTimeZoneName as isTimeZone } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { alarmLogExportQuery, zonedStamp, zonedTime } from './export-format.js';

describe('zonedTime', () => {
  it('formats the wall clock of the zone, midnight as 00 and daylight saving included', () => {
    expect(zonedTime(new Date('2026-01-01T16:00:05Z'), 'Asia/Shanghai')).toBe('2026-01-02 00:00:05');
    expect(zonedTime('2026-07-01T12:00:00.000Z', 'America/New_York')).toBe('2026-07-01 08:00:00');
    expect(zonedTime('2026-01-01T12:00:00.000Z', 'America/New_York')).toBe('2026-01-01 07:00:00');
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
