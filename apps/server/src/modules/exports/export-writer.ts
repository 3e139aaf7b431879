import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import ExcelJS from 'exceljs';

/** One cell of an export row: text, a number, or empty. Times arrive formatted in the job's zone. */
export type Cell = string | number | null;
export type ExportFormat = 'xlsx' | 'csv';

/** Streams rows to a file; nothing is held in memory beyond the current page. */
export interface ExportWriter {
  write(rows: readonly Cell[][]): Promise<void>;
  /** Flushes and closes the file. */
  finish(): Promise<void>;
  /** Closes the file without finishing it (the caller deletes it). */
  abort(): Promise<void>;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** Text a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with ' (OWASP CSV injection). */
function defuse(text: string): string {
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return `'${text}`;
  return text;
}

/** RFC 4180 field: quoted when it holds a quote, comma or line break; quotes doubled. */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = defuse(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

async function writeChunk(stream: WriteStream, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

async function closeStream(stream: WriteStream): Promise<void> {
  if (stream.closed) return;
  const done = once(stream, 'close');
  stream.end();
  await done;
}

/** UTF-8 with a byte order mark (so spreadsheet programs read it as UTF-8), CRLF lines. */
export async function createCsvWriter(file: string, header: readonly string[]): Promise<ExportWriter> {
  const stream = createWriteStream(file, { encoding: 'utf8' });
  let failure: Error | null = null;
  stream.on('error', (error) => {
    failure = error;
  });
  await once(stream, 'open');
  await writeChunk(stream, `\uFEFF${csvLine(header)}`);
  return {
    async write(rows) {
      if (failure) throw failure;
      // One write per page keeps the syscalls few.
      await writeChunk(stream, rows.map(csvLine).join(''));
    },
    async finish() {
      await closeStream(stream);
      if (failure) throw failure;
    },
    async abort() {
      await closeStream(stream).catch(() => undefined);
    },
  };
}

/**
 * exceljs' streaming writer: each row is committed (written to the zip) as it is added, so memory
 * stays flat however many rows the file gets. Inline strings (no shared-string table) for the same reason.
 */
export async function createXlsxWriter(
  file: string,
  header: readonly string[],
  options: { sheetName: string; widths?: readonly number[] },
): Promise<ExportWriter> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(options.sheetName.slice(0, 31) || 'export', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = header.map((_h, i) => ({ width: options.widths?.[i] ?? 16 }));
  const head = sheet.addRow([...header]);
  head.font = { bold: true };
  head.commit();
  let closed = false;
  return {
    async write(rows) {
      for (const cells of rows) sheet.addRow(cells as Cell[]).commit();
    },
    async finish() {
      closed = true;
      sheet.commit();
      await workbook.commit();
    },
    async abort() {
      if (closed) return;
      closed = true;
      try {
        sheet.commit();
        await workbook.commit();
      } catch {
        // The half-written file is deleted by the caller.
      }
    },
  };
}

export function createExportWriter(
  format: ExportFormat,
  file: string,
  header: readonly string[],
  options: { sheetName: string; widths?: readonly number[] },
): Promise<ExportWriter> {
  return format === 'csv' ? createCsvWriter(file, header) : createXlsxWriter(file, header, options);
}
