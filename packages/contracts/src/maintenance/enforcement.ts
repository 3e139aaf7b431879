import { z } from 'zod';
import { listQuery } from '../envelope.js';
import type { Language } from '../system.js';

/**
 * Law enforcement records (issue 22 item 5, docs/maintenance.md "Law enforcement records"): an
 * officer's record of an inspection or violation with photos and videos, append-only and chained per
 * tenant by SHA-256 (each record holds its predecessor's hash), handled as a work order of type 2.
 */

const id = z.coerce.number().int().positive();
const hash = z.string().regex(/^[0-9a-f]{64}$/, 'expected a sha256 file hash');

export const ENFORCEMENT_TYPES = ['inspection', 'violation', 'seizure', 'rectification', 'other'] as const;
export type EnforcementType = (typeof ENFORCEMENT_TYPES)[number];
export const ENFORCEMENT_TYPE_LABELS: Record<Language, Record<EnforcementType, string>> = {
  zh: {
    inspection: '检查',
    violation: '违法违规',
    seizure: '查封扣押',
    rectification: '责令整改',
    other: '其他',
  },
  en: {
    inspection: 'Inspection',
    violation: 'Violation',
    seizure: 'Seizure',
    rectification: 'Rectification notice',
    other: 'Other',
  },
  es: {
    inspection: 'Inspección',
    violation: 'Infracción',
    seizure: 'Incautación',
    rectification: 'Requerimiento de corrección',
    other: 'Otro',
  },
};

/** Photos (JPEG, PNG) and videos (MP4, WebM), recognised by their bytes. */
export const ENFORCEMENT_FILE_KINDS = ['photo', 'video'] as const;
export type EnforcementFileKind = (typeof ENFORCEMENT_FILE_KINDS)[number];
export const ENFORCEMENT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const ENFORCEMENT_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const ENFORCEMENT_MAX_FILES = 10;
/** prev_hash of a tenant's first record. */
export const ENFORCEMENT_GENESIS_HASH = '0'.repeat(64);

const coordinate = (max: number) => z.number().min(-max).max(max).nullable().default(null);

/** POST /maintenance/enforcement: files are uploaded first and named here (they are part of the hash). */
export const enforcementCreateBody = z
  .object({
    type: z.enum(ENFORCEMENT_TYPES),
    device_id: id.nullable().default(null),
    /** A device ledger asset (no check against the ledger here). */
    asset_id: id.nullable().default(null),
    site: z.string().trim().max(200).default(''),
    lat: coordinate(90),
    lng: coordinate(180),
    occurred_at: z.iso.datetime({ offset: true }).transform((v) => new Date(v)),
    description: z.string().trim().min(1).max(4000),
    files: z.array(hash).max(ENFORCEMENT_MAX_FILES).default([]),
  })
  .refine((v) => v.device_id !== null || v.asset_id !== null || v.site !== '', {
    message: 'name a device, an asset or a site',
    path: ['site'],
  })
  .refine((v) => (v.lat === null) === (v.lng === null), {
    message: 'give both lat and lng or neither',
    path: ['lng'],
  })
  .refine((v) => new Set(v.files).size === v.files.length, {
    message: 'a file is named twice',
    path: ['files'],
  });
export type EnforcementCreateBody = z.infer<typeof enforcementCreateBody>;

/** GET /maintenance/enforcement */
export const enforcementListQuery = listQuery.extend({
  type: z.enum(ENFORCEMENT_TYPES).optional(),
  device_id: id.optional(),
  /** occurred_at window. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** true: records with a work order; false: without. */
  handled: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  search: z.string().trim().max(64).optional(),
});
export type EnforcementListQuery = z.infer<typeof enforcementListQuery>;

export const enforcementFileRow = z.object({
  hash: z.string(),
  kind: z.enum(ENFORCEMENT_FILE_KINDS),
  mime: z.string(),
  size: z.number().int(),
});
export type EnforcementFileRow = z.infer<typeof enforcementFileRow>;

export const enforcementRow = z.object({
  id: z.number().int(),
  /** 1..n within the tenant: the chain's order. */
  seq: z.number().int(),
  /** The tenant whose chain holds the record. */
  owner_user_id: z.number().int(),
  owner_name: z.string(),
  type: z.enum(ENFORCEMENT_TYPES),
  /** The live link (null once the device is deleted); `device_ref` / `device_title` are what was hashed. */
  device_id: z.number().int().nullable(),
  device_ref: z.number().int().nullable(),
  device_title: z.string(),
  asset_id: z.number().int().nullable(),
  site: z.string(),
  /** Decimal strings with 7 places, as hashed. */
  lat: z.string().nullable(),
  lng: z.string().nullable(),
  occurred_at: z.string(),
  officer_id: z.number().int(),
  officer_name: z.string(),
  description: z.string(),
  created_at: z.string(),
  prev_hash: z.string(),
  hash: z.string(),
  file_count: z.number().int(),
  /** The latest work order raised from the record. */
  order_id: z.number().int().nullable(),
  order_status: z.number().int().nullable(),
});
export type EnforcementRow = z.infer<typeof enforcementRow>;

export const enforcementDetail = enforcementRow.extend({
  files: z.array(enforcementFileRow),
  /** The exact string whose SHA-256 is `hash` (docs/maintenance.md "Canonical serialisation"). */
  canonical: z.string(),
});
export type EnforcementDetail = z.infer<typeof enforcementDetail>;

export const ENFORCEMENT_BREAKS = ['hash_mismatch', 'broken_link'] as const;
export type EnforcementBreak = (typeof ENFORCEMENT_BREAKS)[number];

/** GET /maintenance/enforcement/verify: every chain in the caller's data, each walked from seq 1. */
export const enforcementVerifyAnswer = z.object({
  intact: z.boolean(),
  /** Tenants whose chains were walked (the caller's own first). */
  chains: z.number().int(),
  /** Records checked (up to and including the first broken one). */
  checked: z.number().int(),
  total: z.number().int(),
  /** The first record where the chain breaks. */
  broken: z
    .object({
      owner_user_id: z.number().int(),
      id: z.number().int(),
      seq: z.number().int(),
      /** hash_mismatch: its fields or files no longer give its hash; broken_link: prev_hash or seq does not follow its predecessor. */
      reason: z.enum(ENFORCEMENT_BREAKS),
      /** The predecessor's seq it should follow (broken_link). */
      expected_seq: z.number().int().nullable(),
    })
    .nullable(),
  /** The last hash of the caller's own tenant's chain. */
  head_hash: z.string().nullable(),
  verified_at: z.string(),
});
export type EnforcementVerifyAnswer = z.infer<typeof enforcementVerifyAnswer>;

/** POST /maintenance/enforcement/{id}/handle: a work order of type 2 for the record. */
export const enforcementHandleBody = z.object({
  title: z.string().trim().min(1).max(100).optional(),
  assignee_id: id.nullable().optional(),
  due_at: z.iso
    .datetime({ offset: true })
    .transform((v) => new Date(v))
    .nullable()
    .optional(),
  priority: z.number().int().min(0).max(3).default(1),
});
export type EnforcementHandleBody = z.infer<typeof enforcementHandleBody>;
