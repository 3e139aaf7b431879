import { alarmTypeLabel, type EventStatRow, type Language } from '@fleet/contracts';
import ExcelJS from 'exceljs';
import { styleHeader } from './export-format.js';
import { EXPORT_WORDS } from './export-labels.js';

const DAY_S = 86_400;

const byNumber = (keys: Iterable<string>) => [...new Set(keys)].sort((a, b) => Number(a) - Number(b));

/** Header and cells of the statistics report; time offline in days (an Excel duration). */
export function statReportTable(
  rows: EventStatRow[],
  options: { lang: Language; levelLabel: (level: number) => string },
): { header: string[]; rows: (string | number)[][] } {
  const { lang, levelLabel } = options;
  const words = EXPORT_WORDS[lang];
  const types = byNumber(rows.flatMap((r) => Object.keys(r.by_type)));
  const levels = byNumber(rows.flatMap((r) => Object.keys(r.by_level)));
  const s = words.statReport;
  return {
    header: [
      s.device,
      s.imei,
      s.alarms,
      ...types.map((t) => alarmTypeLabel(Number(t), lang)),
      ...levels.map((l) => `${words.alarmLog.level}: ${levelLabel(Number(l))}`),
      s.unhandled,
      s.recovered,
      s.offlineEvents,
      s.onlineEvents,
      s.offlineTime,
    ],
    rows: rows.map((r) => [
      r.device_title,
      r.device_imei,
      r.alarms,
      ...types.map((t) => r.by_type[t] ?? 0),
      ...levels.map((l) => r.by_level[l] ?? 0),
      r.unhandled,
      r.recovered,
      r.offline_events,
      r.online_events,
      r.offline_seconds / DAY_S,
    ]),
  };
}

/**
 * One row per device; a column per alarm type and per level that occurs in the report, so the
 * sheet stays as narrow as the data. Time offline is an Excel duration ([h]:mm:ss).
 */
export function statReportWorkbook(
  rows: EventStatRow[],
  options: { lang: Language; levelLabel: (level: number) => string },
): ExcelJS.Workbook {
  const table = statReportTable(rows, options);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('report');
  sheet.addRow(table.header);
  for (const cells of table.rows) sheet.addRow(cells);
  const columns = table.header.length;
  styleHeader(sheet, [24, 18, ...Array<number>(columns - 2).fill(14)]);
  sheet.getColumn(columns).numFmt = '[h]:mm:ss';
  return workbook;
}
