import { type AlarmLogRow, alarmTypeLabel, type Language } from '@fleet/contracts';
import ExcelJS from 'exceljs';
import { zonedTime } from '../../platform/time/zone.js';
import { styleHeader } from './export-format.js';
import { EXPORT_WORDS } from './export-labels.js';

export interface AlarmSheetOptions {
  lang: Language;
  tz: string;
  levelLabel: (level: number) => string;
}

const COLUMNS = [
  ['at', 20],
  ['device', 24],
  ['imei', 18],
  ['point', 18],
  ['alarmType', 18],
  ['level', 10],
  ['value', 10],
  ['threshold', 14],
  ['status', 12],
  ['dispatch', 14],
  ['recoveredAt', 20],
  ['handledBy', 14],
  ['handledAt', 20],
  ['remark', 30],
] as const;

/** The header row of an alarm log export in `lang`. */
export function alarmLogHeader(lang: Language): string[] {
  const words = EXPORT_WORDS[lang];
  return COLUMNS.map(([key]) => words.alarmLog[key]);
}

/** Column widths of the alarm log sheet. */
export const ALARM_LOG_WIDTHS: number[] = COLUMNS.map(([, width]) => width);

/** The cells of one alarm row, in the header's order (also the background export's rows). */
export function alarmLogCells(
  r: AlarmLogRow,
  { lang, tz, levelLabel }: AlarmSheetOptions,
): (string | number | null)[] {
  const words = EXPORT_WORDS[lang];
  // Empty cells stay empty (null), not empty strings.
  const time = (at: string | null) => (at ? zonedTime(at, tz) : null);
  return [
    time(r.at),
    r.device_title,
    r.device_imei,
    r.point_title || r.point_name || null,
    alarmTypeLabel(r.alarm_type, lang),
    levelLabel(r.level),
    r.value,
    r.threshold || null,
    words.status[r.status as 0 | 1 | 2] ?? String(r.status),
    words.dispatch[r.dispatch_status as 0 | 1] ?? String(r.dispatch_status),
    time(r.recovered_at),
    r.handled_by_name,
    time(r.handled_at),
    r.remark || null,
  ];
}

/** A workbook with one sheet of alarm rows; `add` appends rows as they are read. */
export function alarmLogSheet(options: AlarmSheetOptions) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('alarms');
  sheet.addRow(alarmLogHeader(options.lang));
  styleHeader(sheet, ALARM_LOG_WIDTHS);

  return {
    workbook,
    add(rows: AlarmLogRow[]) {
      for (const r of rows) sheet.addRow(alarmLogCells(r, options));
    },
  };
}
