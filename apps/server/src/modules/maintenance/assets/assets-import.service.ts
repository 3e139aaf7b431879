import {
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_MAX_ROWS,
  type AssetImportFailure,
  type AssetImportResult,
  assetInput,
  formatServerMessage,
} from '@fleet/contracts';
import ExcelJS from 'exceljs';
import type { Scope } from '../../../platform/auth/scope.js';
import { fieldError } from '../../../platform/http/errors.js';
import type { AssetsRepository, NewAsset } from './assets.repository.js';
import { assetColumns } from './assets.service.js';
import { importKeyOf } from './assets.words.js';

type Cells = Record<string, string>;
export interface ImportRow {
  /** Row number in the file (row 1 holds the column keys). */
  row: number;
  cells: Cells;
}

const COLUMNS = new Set<string>(ASSET_IMPORT_COLUMNS);
const NUMERIC = new Set(['lat', 'lng', 'status']);

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  // Date cells: the calendar day as typed (ExcelJS reads them as UTC midnight).
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF), a UTF-8 BOM dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * Rows of the first sheet (xlsx) or of a csv file: row 1 names the columns (the template's keys or an
 * export's headers in any language), data from row 2.
 */
export async function readImportFile(file: Buffer): Promise<ImportRow[]> {
  let table: { row: number; values: string[] }[];
  if (file.subarray(0, 2).toString('latin1') === 'PK') {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(file as unknown as ArrayBuffer);
    } catch {
      throw fieldError('body.file', 'asset.importFile');
    }
    const sheet = wb.worksheets[0];
    if (!sheet) throw fieldError('body.file', 'asset.importFile');
    table = [];
    sheet.eachRow((r, number) => {
      const values: string[] = [];
      r.eachCell((cell, col) => {
        values[col - 1] = cellText(cell.value);
      });
      table.push({ row: number, values: Array.from(values, (v) => v ?? '') });
    });
  } else {
    const text = file.toString('utf8');
    if (text.includes('\u0000')) throw fieldError('body.file', 'asset.importFile');
    table = parseCsv(text).map((values, i) => ({ row: i + 1, values }));
  }
  const header = table[0];
  if (header?.row !== 1) throw fieldError('body.file', 'asset.importFile');
  const keys = header.values.map((v) => importKeyOf(v ?? ''));
  if (!keys.includes('code') || !keys.includes('name')) throw fieldError('body.file', 'asset.importFile');
  const rows: ImportRow[] = [];
  for (const { row, values } of table.slice(1)) {
    const cells: Cells = {};
    keys.forEach((key, i) => {
      if (COLUMNS.has(key)) cells[key] = (values[i] ?? '').trim();
    });
    if (Object.values(cells).some((v) => v !== '')) rows.push({ row, cells });
  }
  if (rows.length === 0) throw fieldError('body.file', 'asset.importEmpty');
  if (rows.length > ASSET_IMPORT_MAX_ROWS)
    throw fieldError('body.file', 'asset.importTooMany', { max: ASSET_IMPORT_MAX_ROWS });
  return rows;
}

/** A failed row: the English reason and its message key for the web. */
function failure(
  row: number,
  code: string,
  key: AssetImportFailure['reason_key'],
  params: Record<string, string | number>,
): AssetImportFailure {
  return { row, code, reason: formatServerMessage(key, params), reason_key: key, reason_params: params };
}

/** The input object of one row (empty cells take the defaults; numbers parsed). */
function inputOf(cells: Cells): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(cells)) {
    if (value === '' || key === 'device_imei') continue;
    input[key] = NUMERIC.has(key) && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return input;
}

/**
 * Imports assets from an xlsx or csv file, ALL OR NOTHING: every row is checked first (the input
 * rules, a code repeated in the file or already used in the tenant, a device IMEI not in the caller's
 * data); any failure and nothing is written, the answer naming every failed row and why. Otherwise
 * every row is inserted in one transaction.
 */
export function createAssetsImport(deps: { repo: AssetsRepository }) {
  const { repo } = deps;

  return {
    async importFile(scope: Scope, file: Buffer): Promise<AssetImportResult> {
      const rows = await readImportFile(file);
      const failed: AssetImportFailure[] = [];
      const drafts: { row: number; asset: NewAsset }[] = [];
      const seen = new Map<string, number>();
      const imeis = [...new Set(rows.map((r) => r.cells.device_imei ?? '').filter(Boolean))];
      const devices = await repo.visibleDevicesByImei(scope, imeis);
      for (const { row, cells } of rows) {
        const code = cells.code ?? '';
        const parsed = assetInput.safeParse(inputOf(cells));
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          failed.push(
            failure(row, code, 'asset.importField', {
              field: issue.path.join('.') || 'row',
              detail: issue.message,
            }),
          );
          continue;
        }
        const first = seen.get(parsed.data.code);
        if (first !== undefined) {
          failed.push(failure(row, code, 'asset.importRepeats', { row: first }));
          continue;
        }
        seen.set(parsed.data.code, row);
        const imei = cells.device_imei ?? '';
        const deviceId = imei ? devices.get(imei) : null;
        if (deviceId === undefined) {
          failed.push(failure(row, code, 'asset.importNoDevice', { imei }));
          continue;
        }
        drafts.push({
          row,
          asset: {
            ...assetColumns({ ...parsed.data, device_id: deviceId }),
            ownerUserId: scope.dataOwnerId,
            createdBy: scope.userId,
          },
        });
      }
      const taken = await repo.takenCodes(
        scope.dataOwnerId,
        drafts.map((d) => d.asset.code),
      );
      for (const d of drafts)
        if (taken.has(d.asset.code)) failed.push(failure(d.row, d.asset.code, 'asset.importCodeUsed', {}));
      if (failed.length > 0) {
        failed.sort((a, b) => a.row - b.row);
        return { rows: rows.length, created: 0, failed };
      }
      const created = await repo.transaction((tx) =>
        repo.insertMany(
          drafts.map((d) => d.asset),
          tx,
        ),
      );
      return { rows: rows.length, created, failed: [] };
    },

    /** The import template: row 1 the column keys, a help sheet saying what each holds. */
    async template(): Promise<Buffer> {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('assets');
      sheet.columns = ASSET_IMPORT_COLUMNS.map((key) => ({ header: key, key, width: 18 }));
      for (const col of [1, 9, 10, 13]) sheet.getColumn(col).numFmt = '@';
      sheet.getRow(1).font = { bold: true };
      sheet.addRow({
        code: 'PUMP-001',
        name: 'Inlet pump 1',
        model: 'CR 32-2',
        category: 'pump',
        location: 'Pump house A',
        lat: 31.2304,
        lng: 121.4737,
        supplier: 'Grundfos',
        installed_on: '2024-03-01',
        warranty_until: '2027-03-01',
        status: 0,
        notes: '',
        device_imei: '',
      });
      const help = wb.addWorksheet('help');
      help.columns = [
        { header: 'column', key: 'column', width: 18 },
        { header: 'meaning', key: 'meaning', width: 100 },
      ];
      const meaning: Record<string, string> = {
        code: 'required; unique in your account; letters, digits and . _ / - (max 64)',
        name: 'required (max 100)',
        model: 'optional (max 100)',
        category: 'optional (max 64)',
        location: 'optional text (max 200)',
        lat: 'latitude -90..90 (with lng)',
        lng: 'longitude -180..180 (with lat)',
        supplier: 'optional (max 100)',
        installed_on: 'YYYY-MM-DD',
        warranty_until: 'YYYY-MM-DD (warranty end)',
        status: '0 in use, 1 idle, 2 under repair, 3 scrapped (default 0)',
        notes: 'optional (max 2000)',
        device_imei: 'IMEI of one of your monitored devices to link (optional)',
      };
      for (const key of ASSET_IMPORT_COLUMNS) help.addRow({ column: key, meaning: meaning[key] });
      help.addRow({ column: '', meaning: 'All or nothing: if any row fails, no row is imported.' });
      return Buffer.from(await wb.xlsx.writeBuffer());
    },
  };
}
