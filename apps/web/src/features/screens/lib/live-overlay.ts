import type { AlarmLogRow, BigScreenReport } from '@fleet/contracts';
import { SCREEN_LATEST_ROWS } from '@fleet/contracts';

const HOUR = 3600_000;
const MINUTE = 60_000;

/** What arrived through /wss since the last answer of GET /screen/big. */
export interface LiveOverlay {
  /** Alarm rows (AL), newest first. */
  alarms: AlarmLogRow[];
  /** Readings (LD) counted per minute start (epoch ms). */
  readings: Map<number, number>;
}

export const emptyOverlay = (): LiveOverlay => ({ alarms: [], readings: new Map() });

/** SPEC 4: types 0 and 3 record a recovery. */
const isRecovery = (alarmType: number) => alarmType === 0 || alarmType === 3;

export function addAlarm(overlay: LiveOverlay, row: AlarmLogRow): LiveOverlay {
  if (overlay.alarms.some((a) => a.id === row.id)) return overlay;
  return { ...overlay, alarms: [row, ...overlay.alarms].slice(0, SCREEN_LATEST_ROWS) };
}

export function addReadings(overlay: LiveOverlay, count: number, now: number): LiveOverlay {
  const minute = Math.floor(now / MINUTE) * MINUTE;
  const readings = new Map(overlay.readings);
  readings.set(minute, (readings.get(minute) ?? 0) + count);
  return { ...overlay, readings };
}

/**
 * The report as the screen draws it: live alarms on top of the latest list (once each) and counted in
 * their hour of the trend when the answer did not have them yet, live readings in their minute (the
 * current minute is appended, the answer has complete minutes only), the window moved on to `now`.
 */
export function withLive(report: BigScreenReport, overlay: LiveOverlay, now: number): BigScreenReport {
  const known = new Set(report.latest_alarms.map((a) => a.id));
  const fresh = overlay.alarms.filter((a) => !known.has(a.id));
  const trend = report.alarm_trend.map((h) => ({ ...h }));
  const currentHour = new Date(Math.floor(now / HOUR) * HOUR).toISOString();
  if (trend.length > 0 && trend.at(-1)!.hour < currentHour) {
    trend.shift();
    trend.push({ hour: currentHour, alarms: 0 });
  }
  for (const a of fresh) {
    if (isRecovery(a.alarm_type)) continue;
    const hour = new Date(Math.floor(Date.parse(a.at) / HOUR) * HOUR).toISOString();
    const slot = trend.find((h) => h.hour === hour);
    if (slot) slot.alarms++;
  }
  const minutes = report.readings_per_minute.map((m) => ({ ...m }));
  for (const [at, n] of overlay.readings) {
    const minute = new Date(at).toISOString();
    const slot = minutes.find((m) => m.minute === minute);
    if (slot) slot.readings = Math.max(slot.readings, n);
    else if (minutes.length === 0 || minute > minutes.at(-1)!.minute) minutes.push({ minute, readings: n });
  }
  return {
    ...report,
    alarm_trend: trend,
    readings_per_minute: minutes.slice(-report.readings_per_minute.length - 1),
    latest_alarms: [...fresh, ...report.latest_alarms].slice(0, SCREEN_LATEST_ROWS),
  };
}
