/**
 * Device registry API (docs/api-devices.md): zod schemas shared by the server and the web pages
 * (the data points and their rules are in device-points.ts).
 */
import { z } from 'zod';
import { DEVICE_PROTOCOLS } from './device.js';
import { DEVICE_GATEWAY_PROTOCOLS } from './device-points.js';
import { portRow } from './device-ports.js';

const imei = z
  .string()
  .trim()
  .regex(/^[0-9]{6,20}$/, 'IMEI must be 6-20 digits');
/** A device protocol code of SPEC 3 (also a template and model field). */
export const deviceProtocolField = z
  .number()
  .int()
  .refine((v) => (DEVICE_PROTOCOLS as readonly number[]).includes(v), 'unknown protocol');

const deviceFields = {
  device_title: z.string().trim().min(1).max(64),
  model_id: z.number().int().positive().nullable(),
  device_model: z.string().trim().max(64),
  protocol: deviceProtocolField,
  gateway_protocol: z.enum(DEVICE_GATEWAY_PROTOCOLS).nullable(),
  project_id: z.number().int().positive().nullable(),
  group_id: z.number().int().positive().nullable(),
  company_id: z.number().int().positive().nullable(),
  lat: z.number().min(-90).max(90).nullable(),
  lng: z.number().min(-180).max(180).nullable(),
  address: z.string().trim().max(200),
  remark: z.string().trim().max(500),
  expire_at: z.iso.datetime({ offset: true }).nullable(),
  legacy_registration: z.boolean(),
  /**
   * DTU heartbeat packet: text, or 0x-prefixed hex; '' none. The content rules (even hex digits,
   * at most 64 bytes) are checked by the server with the protocol library's parseHeartbeatContent.
   */
  heartbeat: z.string().max(200),
  /** Seconds between heartbeats (default 120); 0 = off, then only a closed connection is offline. */
  heartbeat_interval_s: z.number().int().min(0).max(86400),
};
const optionalDeviceFields = Object.fromEntries(
  Object.entries(deviceFields).map(([k, v]) => [k, v.optional()]),
) as { [K in keyof typeof deviceFields]: z.ZodOptional<(typeof deviceFields)[K]> };

/** POST /device: by IMEI (a new device) or by share code (bind a shared device). */
export const deviceCreateBody = z
  .strictObject({
    device_imei: imei.optional(),
    device_sharecode: z.string().trim().min(4).max(32).optional(),
    ...optionalDeviceFields,
  })
  .superRefine((b, ctx) => {
    if (!b.device_imei && !b.device_sharecode)
      ctx.addIssue({
        code: 'custom',
        path: ['device_imei'],
        message: 'device_imei or device_sharecode required',
      });
  });
export type DeviceCreateBody = z.infer<typeof deviceCreateBody>;

export const deviceUpdateBody = z.strictObject(optionalDeviceFields);
export type DeviceUpdateBody = z.infer<typeof deviceUpdateBody>;

export const deviceListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => [10, 20, 30, 50, 100].includes(n), 'limit must be one of 10, 20, 30, 50, 100')
    .default(20),
  sort: z.enum(['id', 'device_title', 'device_imei', 'created_at', 'status']).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  /** SPEC 4: absent / '' all, 1 normal (online, no alarm), 0 offline, 2 alarm. */
  status: z
    .union([z.literal(''), z.coerce.number().int().min(0).max(2)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  search: z.string().trim().max(64).optional(),
  project_id: z.coerce.number().int().positive().optional(),
  group_id: z.coerce.number().int().positive().optional(),
  company_id: z.coerce.number().int().positive().optional(),
  model_id: z.coerce.number().int().positive().optional(),
  protocol: z.coerce.number().int().optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

export const deviceRow = z.object({
  id: z.number().int(),
  device_title: z.string(),
  binder_devtitle: z.string().nullable(),
  device_imei: z.string(),
  device_sharecode: z.string(),
  model_id: z.number().int().nullable(),
  device_model: z.string(),
  protocol: z.number().int(),
  gateway_protocol: z.string().nullable(),
  device_class: z.enum(['DTUGW', 'DT']),
  owner_user_id: z.number().int(),
  owner_username: z.string(),
  /** True when the caller sees the device through an assignment, not through ownership. */
  assigned: z.boolean(),
  project_id: z.number().int().nullable(),
  /** Names of the group / project / company, null when unset or not visible to the caller. */
  project_name: z.string().nullable(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  address: z.string(),
  remark: z.string(),
  expire_at: z.string().nullable(),
  status: z.number().int(),
  alarm_type: z.number().int(),
  online_at: z.string().nullable(),
  legacy_registration: z.boolean(),
  heartbeat: z.string(),
  heartbeat_interval_s: z.number().int(),
  /** Latest signal quality (CSQ 0-31, 99 unknown), null when never reported. */
  csq: z.number().int().nullable(),
  template_id: z.number().int().nullable(),
  template_version: z.number().int().nullable(),
  created_at: z.string(),
});
export type DeviceRow = z.infer<typeof deviceRow>;

/**
 * Link health of a device since it was created: malformed frames dropped, Modbus exception answers,
 * requests left unanswered, and when the last of each happened (null: never). Written by the
 * gateways every ~10 s, so the newest events may be missing for that long.
 */
export const deviceCounters = z.object({
  malformed: z.number().int(),
  exceptions: z.number().int(),
  timeouts: z.number().int(),
  last_malformed_at: z.string().nullable(),
  last_exception_at: z.string().nullable(),
  last_timeout_at: z.string().nullable(),
});
export type DeviceCounters = z.infer<typeof deviceCounters>;

export const deviceDetail = deviceRow.extend({
  ports: z.array(z.lazy(() => portRow)),
  slave_count: z.number().int(),
  point_count: z.number().int(),
  counters: deviceCounters,
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

/**
 * A device's credentials. The platform stores only hashes of the secrets, so the plain ones are answered
 * once: by the creation and by each rotation (`secrets_included: true`); GET /device/{id}/credentials
 * answers null in their place (`secrets_included: false`).
 */
export const deviceCredentials = z.object({
  imei: z.string(),
  mqtt_username: z.string(),
  mqtt_password: z.string().nullable(),
  /**
   * The exact registration packet the DTU sends (`REG,<imei>,<key>`, or the bare IMEI when legacy);
   * null when it would carry the key and the secrets are not included.
   */
  dtu_registration: z.string().nullable(),
  http_key: z.string().nullable(),
  /** True only in the answers that show the plain secrets (creation, rotation): they are not shown again. */
  secrets_included: z.boolean(),
});
export type DeviceCredentials = z.infer<typeof deviceCredentials>;

/** POST /device: the new row and, for a new device, its plain credentials (shown this once); null when bound by share code. */
export const deviceCreated = deviceRow.extend({ credentials: deviceCredentials.nullable() });
export type DeviceCreated = z.infer<typeof deviceCreated>;

export const deviceBatchBody = z.union([
  z.strictObject({
    ids: z.array(z.number().int().positive()).min(1).max(1000),
    update: z.strictObject({
      group_id: deviceFields.group_id.optional(),
      project_id: deviceFields.project_id.optional(),
      company_id: deviceFields.company_id.optional(),
      model_id: deviceFields.model_id.optional(),
      device_model: deviceFields.device_model.optional(),
      remark: deviceFields.remark.optional(),
      expire_at: deviceFields.expire_at.optional(),
    }),
  }),
  z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(1000), delete: z.literal(true) }),
]);
export type DeviceBatchBody = z.infer<typeof deviceBatchBody>;

export const importImeisBody = z.strictObject({
  /** SPEC 5: several IMEIs, one per line. */
  imeis: z.string().max(200_000),
  model_id: z.number().int().positive().nullable().optional(),
  protocol: deviceProtocolField.optional(),
  gateway_protocol: z.enum(DEVICE_GATEWAY_PROTOCOLS).nullable().optional(),
});
export type ImportImeisBody = z.infer<typeof importImeisBody>;

export const importFailure = z.object({ row: z.number().int(), imei: z.string(), reason: z.string() });
export const importResult = z.object({ created: z.number().int(), failed: z.array(importFailure) });
export type ImportFailure = z.infer<typeof importFailure>;
export type ImportResult = z.infer<typeof importResult>;

/** Columns of the import template (row 1 holds these keys; data from row 2). */
export const IMPORT_COLUMNS = [
  'device_imei',
  'device_title',
  'protocol',
  'gateway_protocol',
  'model_id',
  'device_model',
  'lat',
  'lng',
  'address',
  'remark',
  'legacy_registration',
] as const;

export const allocationUser = z.object({
  user_id: z.number().int(),
  username: z.string(),
  nick_name: z.string(),
  user_type: z.number().int(),
  is_subuser: z.boolean(),
});
export const reallocation = z.object({
  owner: allocationUser,
  assigned: z.array(allocationUser),
  candidates: z.array(allocationUser),
});
export type AllocationUser = z.infer<typeof allocationUser>;
export type Reallocation = z.infer<typeof reallocation>;
export const userIdBody = z.strictObject({ user_id: z.number().int().positive() });
