import type { AlarmLogRow, BigScreenReport } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { addAlarm, addReadings, emptyOverlay, withLive } from './live-overlay';

const row = (id: number, at: string, alarm_type = 1) => ({ id, at, alarm_type, device_id: 7 }) as AlarmLogRow;
const NOW = Date.parse('2026-03-11T10:30:20Z');

const report = (): BigScreenReport => ({
  devices: { total: 1, online: 1, offline: 0, alarm: 0, normal: 1 },
  alarm_trend: [
    { hour: '2026-03-11T09:00:00.000Z', alarms: 1 },
    { hour: '2026-03-11T10:00:00.000Z', alarms: 0 },
  ],
  readings_per_minute: [
    { minute: '2026-03-11T10:28:00.000Z', readings: 4 },
    { minute: '2026-03-11T10:29:00.000Z', readings: 5 },
  ],
  latest_alarms: [row(1, '2026-03-11T09:10:00Z')],
  top_alarming: [],
});

describe('withLive', () => {
  it('puts a live alarm on top and counts it in its hour, once', () => {
    let overlay = addAlarm(emptyOverlay(), row(2, '2026-03-11T10:30:00Z'));
    overlay = addAlarm(overlay, row(2, '2026-03-11T10:30:00Z'));
    const shown = withLive(report(), overlay, NOW);
    expect(shown.latest_alarms.map((a) => a.id)).toEqual([2, 1]);
    expect(shown.alarm_trend.at(-1)).toEqual({ hour: '2026-03-11T10:00:00.000Z', alarms: 1 });
  });

  it('does not count a recovery, nor an alarm the answer already has', () => {
    const overlay = addAlarm(
      addAlarm(emptyOverlay(), row(3, '2026-03-11T10:30:00Z', 3)),
      row(1, '2026-03-11T09:10:00Z'),
    );
    const shown = withLive(report(), overlay, NOW);
    expect(shown.alarm_trend.map((h) => h.alarms)).toEqual([1, 0]);
    expect(shown.latest_alarms.map((a) => a.id)).toEqual([3, 1]);
  });

  it('moves the trend window on to the current hour', () => {
    const later = Date.parse('2026-03-11T11:05:00Z');
    const shown = withLive(report(), addAlarm(emptyOverlay(), row(4, '2026-03-11T11:01:00Z')), later);
    expect(shown.alarm_trend).toEqual([
      { hour: '2026-03-11T10:00:00.000Z', alarms: 0 },
      { hour: '2026-03-11T11:00:00.000Z', alarms: 1 },
    ]);
  });

  it('appends the current minute of live readings', () => {
    let overlay = addReadings(emptyOverlay(), 3, NOW);
    overlay = addReadings(overlay, 4, NOW + 1000);
    const shown = withLive(report(), overlay, NOW);
    expect(shown.readings_per_minute.at(-1)).toEqual({ minute: '2026-03-11T10:30:00.000Z', readings: 7 });
    expect(shown.readings_per_minute).toHaveLength(3);
  });
});
