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
