/**
 * Wall-clock times of IANA zones for reports, exports and the overview. Intl is slow for millions of
 * calls, so a zone's offset is read once per quarter hour (every offset change in use falls on one) and
 * the rest is arithmetic.
 */

const QUARTER_MS = 900_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Milliseconds the wall clock of `timeZone` is ahead of UTC at `ms` (east positive). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const quarter = Math.floor(ms / QUARTER_MS);
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const at = quarter * QUARTER_MS;
    const p: Record<string, number> = {};
    for (const part of formatterOf(timeZone).formatToParts(new Date(at))) p[part.type] = Number(part.value);
    offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - at;
    if (zone.size > 50_000) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

/** The wall-clock time of `ms` in `timeZone` as a Date whose UTC fields read it (second precision). */
export function wallClock(ms: number, timeZone: string): Date {
  return new Date(Math.floor(ms / 1000) * 1000 + zoneOffsetMs(ms, timeZone));
}

const two = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` of `at` on the wall clock of `timeZone`. */
export function zonedTime(at: Date | string, timeZone: string): string {
  const d = wallClock(new Date(at).getTime(), timeZone);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** `YYYYMMDD-HHmmss` for file names. */
export function zonedStamp(at: Date, timeZone: string): string {
  return zonedTime(at, timeZone).replace(/[-:]/g, '').replace(' ', '-');
}

/** 'YYYY-MM-DD' of `at` on the calendar of `timeZone`. */
export function zonedDay(at: Date, timeZone: string): string {
  return zonedTime(at, timeZone).slice(0, 10);
}
