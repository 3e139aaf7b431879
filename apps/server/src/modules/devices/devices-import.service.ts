import {
  BizCode,
  DEVICE_GATEWAY_PROTOCOLS,
  IMPORT_COLUMNS,
  type ImportFailure,
  type ImportImeisBody,
  type ImportResult,
} from '@fleet/contracts';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { BrokerProvisioner } from '../../gateways/mqtt/provisioning/provisioner.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { AppError, fieldError } from '../../platform/http/errors.js';
import { type DeviceSecrets, newSecrets } from './credentials.js';
import { checkDeviceLimit, draftDevice, type ModelDefaults } from './device-rules.js';
import type { DeviceRecord, DevicesRepository, NewDevice } from './devices.repository.js';
import { brokerLogin } from './devices.service.js';

const text = (max: number) => z.string().trim().max(max).optional();
const num = z.coerce.number();
/** One row of the import file (cells arrive as text). */
const importRow = z.object({
  device_imei: z
    .string()
    .trim()
    .regex(/^[0-9]{6,20}$/, 'IMEI must be 6-20 digits'),
  device_title: text(64),
  protocol: num.int().optional(),
  gateway_protocol: z.enum(DEVICE_GATEWAY_PROTOCOLS).optional(),
  model_id: num.int().positive().optional(),
  device_model: text(64),
  lat: num.min(-90).max(90).optional(),
  lng: num.min(-180).max(180).optional(),
  address: text(200),
  remark: text(500),
  legacy_registration: z
    .enum(['0', '1', 'true', 'false', 'yes', 'no'])
    .optional()
    .transform((v) => v === '1' || v === 'true' || v === 'yes'),
});

/** What an import reads: the bytes of an uploaded xlsx file, or the JSON body of IMEI lines. */
export type ImportSource = { workbook: Buffer } | { imeis: ImportImeisBody };

export interface ImportDeps {
  repo: DevicesRepository;
  modelFor(scope: Scope, id: number): Promise<ModelDefaults | null>;
  /** Builds a model's template on a new device inside the import transaction (10002 when it does not fit). */
  applyModelTemplate(scope: Scope, device: DeviceRecord, templateId: number, tx: Executor): Promise<void>;
  /** The external broker's device logins, told each new device's plain MQTT secret. */
  broker?: Pick<BrokerProvisioner, 'upsertDevice'>;
}

const EXAMPLES: Record<string, string> = {
  device_imei: '15 digits (6-20), as text',
  device_title: 'name shown in lists (default: the IMEI)',
  protocol: '1 MODBUS, 2 TCP, 3 MQTT, 4 NB-IOT, 5 BDGW, 6 HTTP, 7 UDP, 8 CM-NBIOT, 9 CT-NBIOT (default 1)',
  gateway_protocol: DEVICE_GATEWAY_PROTOCOLS.join(', '),
  model_id: 'id of a device model (optional)',
  device_model: 'model text (optional)',
  lat: 'latitude -90..90',
  lng: 'longitude -180..180',
  address: 'address',
  remark: 'remark',
  legacy_registration: '1 = bare-IMEI DTU registration (15-digit IMEI), else empty',
};

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

const importFailed = (failed: ImportFailure[], total: number) => {
  failed.sort((a, b) => a.row - b.row);
  return new AppError(
    BizCode.PARAM_ERROR,
    `import: ${failed.length} of ${total} rows failed, nothing imported`,
    { created: 0, failed },
  );
};

export function createDevicesImportService({ repo, modelFor, applyModelTemplate, broker }: ImportDeps) {
  /** Validates every row, then inserts all of them in one transaction, or none. */
  async function importRows(scope: Scope, rows: { row: number; cells: Record<string, string> }[]) {
    const failed: ImportFailure[] = [];
    const drafts: NewDevice[] = [];
    const seen = new Map<string, number>();
    // The broker is told each plain MQTT secret now; the owner learns them by rotating (shown once).
    const plain = new Map<string, DeviceSecrets>();
    const models = new Map<number, ModelDefaults | null>();
    for (const { row, cells } of rows) {
      const imei = cells.device_imei?.trim() ?? '';
      const input = Object.fromEntries(Object.entries(cells).filter(([, v]) => v.trim() !== ''));
      const parsed = importRow.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        failed.push({ row, imei, reason: `${issue.path.join('.') || 'row'}: ${issue.message}` });
        continue;
      }
      const first = seen.get(imei);
      if (first !== undefined) {
        failed.push({ row, imei, reason: `device_imei: repeats row ${first}` });
        continue;
      }
      seen.set(imei, row);
      let model: ModelDefaults | null = null;
      if (parsed.data.model_id) {
        const id = parsed.data.model_id;
        if (!models.has(id)) models.set(id, await modelFor(scope, id).catch(() => null));
        model = models.get(id) ?? null;
        if (!model) {
          failed.push({ row, imei, reason: `model_id: no model ${id}` });
          continue;
        }
      }
      const secrets = newSecrets();
      const draft = draftDevice(parsed.data, scope.dataOwnerId, model, secrets);
      if ('field' in draft) failed.push({ row, imei, reason: `${draft.field}: ${draft.message}` });
      else {
        drafts.push(draft);
        plain.set(draft.imei, secrets);
      }
    }
    const existing = await repo.existingImeis(drafts.map((d) => d.imei));
    for (const d of drafts)
      if (existing.has(d.imei))
        failed.push({ row: seen.get(d.imei)!, imei: d.imei, reason: 'device_imei: already registered' });
    if (rows.length === 0)
      throw new AppError(BizCode.PARAM_ERROR, 'file: no device rows', { created: 0, failed });
    if (failed.length > 0) throw importFailed(failed, rows.length);
    const created = await repo.transaction(async (tx) => {
      await checkDeviceLimit(scope.dataOwnerId, drafts.length, tx);
      const inserted = await repo.insertMany(drafts, tx);
      // The model's template is built on each new device; a template that does not fit fails that row,
      // and the thrown failure rolls the whole import back.
      const templateFailures: ImportFailure[] = [];
      for (const device of inserted) {
        const templateId = device.modelId === null ? null : models.get(device.modelId)?.templateId;
        if (!templateId) continue;
        const record: DeviceRecord = {
          ...device,
          ownerUsername: '',
          owned: true,
          binderTitle: null,
          groupName: null,
          projectName: null,
          companyName: null,
        };
        try {
          await applyModelTemplate(scope, record, templateId, tx);
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== BizCode.PARAM_ERROR) throw error;
          const reason = error.message.replace(/^body\./, '');
          templateFailures.push({ row: seen.get(device.imei)!, imei: device.imei, reason });
        }
      }
      if (templateFailures.length > 0) throw importFailed(templateFailures, rows.length);
      return inserted;
    });
    for (const device of created)
      await broker?.upsertDevice(brokerLogin({ ...device, ...plain.get(device.imei)! }));
    return { created: created.length, failed: [] } satisfies ImportResult;
  }

  return {
    async templateWorkbook(): Promise<Buffer> {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('devices');
      sheet.columns = IMPORT_COLUMNS.map((key) => ({
        header: key,
        key,
        width: key === 'device_imei' ? 22 : 16,
      }));
      sheet.getColumn(1).numFmt = '@';
      sheet.getRow(1).font = { bold: true };
      const help = wb.addWorksheet('help');
      help.columns = [
        { header: 'column', key: 'column', width: 22 },
        { header: 'meaning', key: 'meaning', width: 100 },
      ];
      for (const key of IMPORT_COLUMNS) help.addRow({ column: key, meaning: EXAMPLES[key] ?? '' });
      return Buffer.from(await wb.xlsx.writeBuffer());
    },

    /** One import, all or nothing: an xlsx workbook built from the template, or IMEI lines. */
    importDevices(scope: Scope, source: ImportSource): Promise<ImportResult> {
      return 'workbook' in source ? importWorkbook(scope, source.workbook) : importImeis(scope, source.imeis);
    },
  };

  /** The first sheet of an xlsx file built from the template (row 1: column keys). */
  async function importWorkbook(scope: Scope, file: Buffer): Promise<ImportResult> {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(file as unknown as ArrayBuffer);
    } catch {
      throw new AppError(BizCode.PARAM_ERROR, 'file: not an xlsx workbook');
    }
    const sheet = wb.worksheets[0];
    if (!sheet) throw new AppError(BizCode.PARAM_ERROR, 'file: the workbook has no sheet');
    const keys: string[] = [];
    sheet.getRow(1).eachCell((cell, col) => {
      keys[col] = cellText(cell.value).trim();
    });
    if (!keys.includes('device_imei'))
      throw new AppError(BizCode.PARAM_ERROR, 'file: row 1 must hold the column keys of the template');
    const rows: { row: number; cells: Record<string, string> }[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const cells: Record<string, string> = {};
      row.eachCell((cell, col) => {
        const key = keys[col];
        if (key && (IMPORT_COLUMNS as readonly string[]).includes(key)) cells[key] = cellText(cell.value);
      });
      if (Object.values(cells).some((v) => v.trim() !== '')) rows.push({ row: number, cells });
    });
    return importRows(scope, rows);
  }

  /** SPEC 5: several IMEIs, one per line (blank lines skipped; row = line number). */
  async function importImeis(scope: Scope, body: ImportImeisBody): Promise<ImportResult> {
    const rows = body.imeis
      .split(/\r?\n/)
      .map((line, i) => ({ row: i + 1, imei: line.trim() }))
      .filter((r) => r.imei !== '')
      .map(({ row, imei }) => ({
        row,
        cells: {
          device_imei: imei,
          ...(body.protocol !== undefined && { protocol: String(body.protocol) }),
          ...(body.gateway_protocol && { gateway_protocol: body.gateway_protocol }),
          ...(body.model_id && { model_id: String(body.model_id) }),
        },
      }));
    if (rows.length === 0) throw fieldError('body.imeis', 'import.noImei');
    return importRows(scope, rows);
  }
}

export type DevicesImportService = ReturnType<typeof createDevicesImportService>;
