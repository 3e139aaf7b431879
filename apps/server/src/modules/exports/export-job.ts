import {
  EXPORT_MAX_ROWS,
  EXPORT_XLSX_AUTO_MAX_ROWS,
  EXPORT_XLSX_MAX_ROWS,
  type ExportKind,
  LANGUAGES,
  type Language,
} from '@fleet/contracts';
import { zonedStamp } from '../../platform/time/zone.js';
import { EXPORT_FILE_WORDS } from './export-words.js';
import type { ExportFormat } from './export-writer.js';
import { ExportFailure } from './sources/types.js';

const number = (n: number) => n.toLocaleString('en-US');

/**
 * The file format of a job: `auto` is xlsx up to EXPORT_XLSX_AUTO_MAX_ROWS rows and csv above; xlsx
 * asked for more rows than a sheet should hold fails with a message telling to choose csv.
 */
export function decideFormat(asked: string, rows: number): ExportFormat {
  if (asked === 'csv') return 'csv';
  if (asked === 'xlsx') {
    if (rows > EXPORT_XLSX_MAX_ROWS)
      throw new ExportFailure(
        `${rows > EXPORT_MAX_ROWS ? 'more than ' : ''}${number(Math.min(rows, EXPORT_MAX_ROWS))} rows: an xlsx file holds at most ${number(EXPORT_XLSX_MAX_ROWS)} rows, choose csv`,
      );
    return 'xlsx';
  }
  return rows > EXPORT_XLSX_AUTO_MAX_ROWS ? 'csv' : 'xlsx';
}

/** Most rows written in the format (the rest of the data is cut). */
export function rowLimit(format: ExportFormat): number {
  return format === 'xlsx' ? EXPORT_XLSX_MAX_ROWS : EXPORT_MAX_ROWS;
}

export function languageOf(lang: string): Language {
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'zh';
}

/** `<title>-<yyyyMMdd-HHmm>.<ext>`, without characters file systems refuse. */
export function exportFileName(
  job: { kind: string; title: string; lang: string },
  at: Date,
  tz: string,
  format: ExportFormat,
): string {
  const title =
    job.title.trim() || EXPORT_FILE_WORDS[languageOf(job.lang)].kind[job.kind as ExportKind] || job.kind;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const safe = title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_').slice(0, 100);
  return `${safe}-${zonedStamp(at, tz).slice(0, 13)}.${format}`;
}

/** Progress 0-99 while writing (100 is set when the file is stored). */
export function progressOf(written: number, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(99, Math.floor((written * 100) / total)));
}
