import { z } from 'zod';
import { listQuery } from '../envelope.js';

/** The device ledger (asset register) of issue 22 item 1 (docs/maintenance.md "Device ledger"). */

const id = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().max(max).default('');
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'not a calendar date',
  );

/** SPEC names no asset states: 0 in use, 1 idle, 2 under repair, 3 scrapped. */
export const ASSET_STATUSES = [0, 1, 2, 3] as const;
/** "Expires in N days" from this many days before the warranty end. */
export const ASSET_WARRANTY_SOON_DAYS = 30;
/** Largest attachment: JPEG / PNG photos (metadata stripped) and PDF documents. */
export const ASSET_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const ASSET_MAX_FILES = 20;
/** Largest import file and most rows of one import. */
export const ASSET_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const ASSET_IMPORT_MAX_ROWS = 2000;
/** Asset codes: letters, digits and - _ . / (they go on labels and into URLs of QR codes). */
export const ASSET_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;
/** Most assets on one labels page. */
export const ASSET_LABELS_MAX = 100;

export const assetCode = z
  .string()
  .trim()
  .regex(ASSET_CODE_PATTERN, 'letters, digits and . _ / - (at most 64, starting with a letter or digit)');

/** POST /maintenance/asset and PUT /maintenance/asset/{id}. */
export const assetInput = z
  .object({
    code: assetCode,
    name: z.string().trim().min(1).max(100),
    model: text(100),
    category: text(64),
    location: text(200),
    lat: z.number().min(-90).max(90).nullable().default(null),
    lng: z.number().min(-180).max(180).nullable().default(null),
    supplier: text(100),
    installed_on: day.nullable().default(null),
    warranty_until: day.nullable().default(null),
    status: z
      .number()
      .int()
      .refine((v) => (ASSET_STATUSES as readonly number[]).includes(v), 'expected 0 to 3')
      .default(0),
    notes: text(2000),
    /** A monitored device of the caller's data this asset is (nullable). */
    device_id: id.nullable().default(null),
  })
  .refine((v) => (v.lat === null) === (v.lng === null), {
    message: 'lat and lng are given together',
    path: ['lng'],
  });
export type AssetInput = z.infer<typeof assetInput>;

export const ASSET_WARRANTY_FILTERS = ['in', 'expiring', 'out', 'none'] as const;
export type AssetWarrantyState = (typeof ASSET_WARRANTY_FILTERS)[number];

/** GET /maintenance/asset */
export const assetListQuery = listQuery.extend({
  /** Code, name, model, supplier or location contains. */
  search: z.string().trim().max(64).optional(),
  category: z.string().trim().max(64).optional(),
  status: z.coerce.number().int().min(0).max(3).optional(),
  device_id: id.optional(),
  warranty: z.enum(ASSET_WARRANTY_FILTERS).optional(),
  /** Comma-separated ids (the labels page). */
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'comma-separated ids')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((v) => v.length <= ASSET_LABELS_MAX, `at most ${ASSET_LABELS_MAX} ids`)
    .optional(),
});
export type AssetListQuery = z.infer<typeof assetListQuery>;

export const assetRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  model: z.string(),
  category: z.string(),
  location: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  supplier: z.string(),
  installed_on: z.string().nullable(),
  warranty_until: z.string().nullable(),
  /** in / expiring (within ASSET_WARRANTY_SOON_DAYS) / out / none (no end date), as of today (UTC). */
  warranty: z.enum(ASSET_WARRANTY_FILTERS),
  /** Days from today to the warranty end (negative: ended that many days ago); null without an end. */
  warranty_days: z.number().int().nullable(),
  status: z.number().int(),
  notes: z.string(),
  device_id: z.number().int().nullable(),
  device_title: z.string().nullable(),
  files: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AssetRow = z.infer<typeof assetRow>;

export const assetFileRow = z.object({
  hash: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type AssetFileRow = z.infer<typeof assetFileRow>;

/** A work order naming the asset (its repair history). */
export const assetWorkOrder = z.object({
  id: z.number().int(),
  type: z.number().int(),
  status: z.number().int(),
  title: z.string(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type AssetWorkOrder = z.infer<typeof assetWorkOrder>;

export const assetDetail = assetRow.extend({
  attachments: z.array(assetFileRow),
  work_orders: z.array(assetWorkOrder),
});
export type AssetDetail = z.infer<typeof assetDetail>;

/** Columns of the import file (row 1 holds these keys; data from row 2), xlsx or csv. */
export const ASSET_IMPORT_COLUMNS = [
  'code',
  'name',
  'model',
  'category',
  'location',
  'lat',
  'lng',
  'supplier',
  'installed_on',
  'warranty_until',
  'status',
  'notes',
  'device_imei',
] as const;

export const assetImportFailure = z.object({
  row: z.number().int(),
  code: z.string(),
  /** English; `reason_key` (a server message) and `reason_params` let the web show it translated. */
  reason: z.string(),
  reason_key: z.enum([
    'asset.importRepeats',
    'asset.importCodeUsed',
    'asset.importNoDevice',
    'asset.importField',
  ]),
  reason_params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type AssetImportFailure = z.infer<typeof assetImportFailure>;
/**
 * POST /maintenance/asset/import: all or nothing. `failed` empty: every row was created; else nothing
 * was written and `failed` names every bad row and why.
 */
export const assetImportResult = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  failed: z.array(assetImportFailure),
});
export type AssetImportResult = z.infer<typeof assetImportResult>;
