import { alarmLogQuery, eventStatQuery, LANGUAGES, timeZoneQuery } from '@fleet/contracts';
import type ExcelJS from 'exceljs';
import { z } from 'zod';

/** What every export adds to its filter: the language of the words and the zone of the times. */
const exportOptions = {
  lang: z.enum(LANGUAGES).default('zh'),
  tz: timeZoneQuery,
};
export const alarmLogExportQuery = alarmLogQuery.extend(exportOptions);
export type AlarmLogExportQuery = z.infer<typeof alarmLogExportQuery>;
export const eventStatExportQuery = eventStatQuery.extend(exportOptions);
export type EventStatExportQuery = z.infer<typeof eventStatExportQuery>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const QUARTER_MS = 900_000;
/** Zone offsets per quarter hour (every offset change in use falls on one), per zone. */
const offsets = new Map<string, Map<number, number>>();

/** Milliseconds the wall clock of `timeZone` is ahead of UTC at `ms`. */
function offsetAt(ms: number, timeZone: string): number {
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

const two = (n: number) => String(n).padStart(2, '0');

/**
 * `YYYY-MM-DD HH:mm:ss` of `at` on the wall clock of `timeZone`. Exports format millions of times, so the
 * zone's offset is looked up once per quarter hour (Intl) and the rest is arithmetic.
 */
export function zonedTime(at: Date | string, timeZone: string): string {
  const ms = new Date(at).getTime();
  const d = new Date(Math.floor(ms / 1000) * 1000 + offsetAt(ms, timeZone));
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** `YYYYMMDD-HHmmss` for file names. */
export function zonedStamp(at: Date, timeZone: string): string {
  return zonedTime(at, timeZone).replace(/[-:]/g, '').replace(' ', '-');
}

/** A bold header row and widths that fit typical content. */
export function styleHeader(sheet: ExcelJS.Worksheet, widths: number[]): void {
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  widths.forEach((width, i) => {
    sheet.getColumn(i + 1).width = width;
  });
}

/** A finished xlsx and what the route needs to send it. */
export interface XlsxFile {
  file: Buffer;
  name: string;
  truncated: boolean;
}

export async function workbookBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
