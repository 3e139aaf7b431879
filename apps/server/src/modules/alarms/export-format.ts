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

/** `YYYY-MM-DD HH:mm:ss` of `at` on the wall clock of `timeZone`. */
export function zonedTime(at: Date | string, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const p of formatterOf(timeZone).formatToParts(new Date(at))) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
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
