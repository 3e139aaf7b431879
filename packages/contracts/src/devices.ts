/**
 * Device registry API (docs/api-devices.md): zod schemas shared by the server and the web pages,
 * plus the pure data-point rules (SPEC 3 and 5) both sides apply.
 */
import { z } from 'zod';
import {
  ACCESS_MODES,
  BYTE_ORDERS,
  DATA_TYPES,
  type DataType,
  MODBUS_AREAS,
  registerCountOf,
  SOURCE_KINDS,
} from './datapoint.js';
import { DEVICE_PROTOCOLS, DeviceProtocol, GATEWAY_PROTOCOLS } from './device.js';
import { portRow } from './device-ports.js';

/** Names of the SPEC 3 protocol codes (the names `deviceClassOf` understands). */
export const PROTOCOL_NAMES: Record<number, string> = {
  [DeviceProtocol.MODBUS]: 'MODBUS',
  [DeviceProtocol.TCP]: 'TCP',
  [DeviceProtocol.MQTT]: 'MQTT',
  [DeviceProtocol.NB_IOT]: 'NB-IOT',
  [DeviceProtocol.BDGW]: 'BDGW',
  [DeviceProtocol.HTTP]: 'HTTP',
  [DeviceProtocol.UDP]: 'UDP',
  [DeviceProtocol.CM_NBIOT]: 'CM-NBIOT',
  [DeviceProtocol.CT_NBIOT]: 'CT-NBIOT',
};

/** SPEC 3 device-form protocol choices beyond the direct gateway list (PLC families, industry, private). */
export const FORM_GATEWAY_PROTOCOLS = [
  'S7-200',
  'S7-200SMART',
  'S7-300',
  'S7-400',
  'S7-1200',
  'S7-1500',
  'FX1S',
  'FX3S',
  'FX2N',
  'FX3U',
  'DLT645',
  'IEC104',
  'BACnet',
  'private',
] as const;
/** Every value `gateway_protocol` may take: the direct gateway list and the form choices. */
export const DEVICE_GATEWAY_PROTOCOLS = [...GATEWAY_PROTOCOLS, ...FORM_GATEWAY_PROTOCOLS] as const;
export type DeviceGatewayProtocol = (typeof DEVICE_GATEWAY_PROTOCOLS)[number];

export type AreaFamily = 'modbus' | 'siemens' | 'mitsubishi' | 'industry' | 'other';

/** Which register-area list a gateway protocol uses. */
export function areaFamilyOf(
  gatewayProtocol: string | null | undefined,
  protocol?: number,
): AreaFamily | null {
  if (!gatewayProtocol) return protocol === DeviceProtocol.MODBUS ? 'modbus' : null;
  if (gatewayProtocol.startsWith('Modbus')) return 'modbus';
  if (gatewayProtocol.startsWith('Siemens') || gatewayProtocol.startsWith('S7-')) return 'siemens';
  if (gatewayProtocol.startsWith('Mitsubishi') || gatewayProtocol.startsWith('FX')) return 'mitsubishi';
  if (['DLT645', 'IEC104', 'BACnet'].includes(gatewayProtocol)) return 'industry';
  return 'other';
}

/** SPEC 3: the BDGW gateway allows only MODBUS, Siemens, Mitsubishi, industry and private. */
export function bdgwAllows(gatewayProtocol: string): boolean {
  const family = areaFamilyOf(gatewayProtocol);
  return (
    family === 'modbus' ||
    family === 'siemens' ||
    family === 'mitsubishi' ||
    family === 'industry' ||
    gatewayProtocol === 'private'
  );
}

export const MODBUS_AREA_NAMES = ['0X', '1X', '3X', '4X'] as const;
/** Siemens areas: inputs I, outputs Q, markers M, V memory (S7-200), data blocks DB (db_number). */
export const SIEMENS_AREAS = ['I', 'Q', 'M', 'V', 'DB'] as const;
/** Mitsubishi areas: inputs X, outputs Y, relays M (bits), data registers D (words). */
export const MITSUBISHI_AREAS = ['X', 'Y', 'M', 'D'] as const;
export const POINT_AREAS = ['0X', '1X', '3X', '4X', 'I', 'Q', 'M', 'V', 'DB', 'X', 'Y', 'D'] as const;
export type PointArea = (typeof POINT_AREAS)[number];

export function areasOf(family: AreaFamily | null): readonly PointArea[] {
  if (family === 'modbus') return MODBUS_AREA_NAMES;
  if (family === 'siemens') return SIEMENS_AREAS;
  if (family === 'mitsubishi') return MITSUBISHI_AREAS;
  return POINT_AREAS;
}

/** Data types a single-bit area (coil, discrete input, PLC bit relay) can hold: one 0/1 value. */
export const BIT_DATA_TYPES: readonly DataType[] = ['uint8'];

const translateItem = z.strictObject({
  range: z.strictObject({ lolmt: z.number().nullable(), uplmt: z.number().nullable() }),
  text: z.string().trim().min(1).max(64),
});
export const dsConfig = z.strictObject({ translate: z.array(translateItem).max(64) });

const pointShape = {
  name: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.\-\u4e00-\u9fa5]+$/, 'letters, digits, _ . - only'),
  title: z.string().trim().max(64),
  /** Modbus / PLC slave id of a gateway's slave (null: a point of the device itself). */
  slave_id: z.number().int().min(1).max(254).nullable(),
  type: z.union([z.literal(0), z.literal(1)]),
  source_kind: z.enum(SOURCE_KINDS),
  data_type: z.enum(DATA_TYPES),
  area: z.enum(POINT_AREAS).nullable(),
  address: z.number().int().min(0).max(65535).nullable(),
  /** Siemens DB area only. */
  db_number: z.number().int().min(1).max(65535).nullable(),
  /** Registers of a string / var value (fixed-size types know their own). */
  register_count: z.number().int().min(1).max(125).nullable(),
  byte_order: z.enum(BYTE_ORDERS),
  scale: z.number().refine((v) => v !== 0, 'must not be 0'),
  offset: z.number(),
  decimals: z.number().int().min(0).max(10),
  unit: z.string().trim().max(32),
  storage_mode: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  storage_interval_s: z.number().int().min(1).max(86400),
  tolerance: z.number().min(0),
  collect_mode: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  access: z.enum(ACCESS_MODES),
  trigger_enable: z.union([z.literal(0), z.literal(1)]),
  lolmt: z.number().nullable(),
  uplmt: z.number().nullable(),
  ds_config: dsConfig,
};

/** POST body of a data point: name required, everything else defaults (`POINT_DEFAULTS`). */
export const pointCreateBody = z.strictObject(pointShape).partial().extend({ name: pointShape.name });
export type PointCreateBody = z.infer<typeof pointCreateBody>;
/** PUT body: any subset of the fields. */
export const pointUpdateBody = pointCreateBody.partial();
export type PointUpdateBody = z.infer<typeof pointUpdateBody>;

/** A complete point configuration (defaults applied). */
export const pointConfig = z.strictObject(pointShape);
export type PointConfig = z.infer<typeof pointConfig>;

export const POINT_DEFAULTS: Omit<PointConfig, 'name'> = {
  title: '',
  slave_id: null,
  type: 0,
  source_kind: 'register',
  data_type: 'uint16',
  area: null,
  address: null,
  db_number: null,
  register_count: null,
  byte_order: 'ABCD',
  scale: 1,
  offset: 0,
  decimals: 0,
  unit: '',
  storage_mode: 1,
  storage_interval_s: 300,
  tolerance: 0,
  collect_mode: 1,
  access: 'readonly',
  trigger_enable: 0,
  lolmt: null,
  uplmt: null,
  ds_config: { translate: [] },
};

export const dataPointRow = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  ...pointShape,
  name: z.string(),
  scale: z.number(),
});
export type DataPointRow = z.infer<typeof dataPointRow>;

export interface PointProblem {
  field: string;
  message: string;
}

const BIT_AREAS: Record<string, boolean> = { '0X': true, '1X': true, X: true, Y: true };
const READONLY_AREAS: Record<string, boolean> = { '1X': true, '3X': true, I: true, X: true };

/**
 * SPEC 3 / 5 rules of one point, given the register-area family of its device (null: a direct
 * device, or a template, where any area may be used). The first problem, naming the field, or null.
 */
export function pointProblem(p: PointConfig, family: AreaFamily | null): PointProblem | null {
  const needsArea = family === 'modbus' || family === 'siemens' || family === 'mitsubishi';
  if (p.area === null) {
    if (needsArea) return { field: 'area', message: `required for ${family} devices` };
  } else {
    const allowed = areasOf(family);
    if (!allowed.includes(p.area))
      return { field: 'area', message: `${p.area} is not an area of ${family}; use ${allowed.join(', ')}` };
    if (p.address === null) return { field: 'address', message: `required with area ${p.area}` };
    const mitsubishiBit = p.area === 'M' && family === 'mitsubishi';
    const bit = BIT_AREAS[p.area] === true || mitsubishiBit;
    if (bit && !BIT_DATA_TYPES.includes(p.data_type))
      return {
        field: 'data_type',
        message: `area ${p.area} holds single bits; ${p.data_type} does not fit (use ${BIT_DATA_TYPES.join(', ')})`,
      };
    if (READONLY_AREAS[p.area] && p.access !== 'readonly')
      return { field: 'access', message: `area ${p.area} is read-only` };
    if (p.area === 'DB' && p.db_number === null)
      return { field: 'db_number', message: 'required with area DB' };
    const fixed = registerCountOf(p.data_type);
    if (!bit && fixed === null && p.register_count === null)
      return { field: 'register_count', message: `required for ${p.data_type}` };
    const count = bit ? 1 : (fixed ?? p.register_count ?? 1);
    if (p.area in MODBUS_AREAS && p.address + count - 1 > 65535)
      return {
        field: 'address',
        message: `address ${p.address} + ${count} registers runs past 65535`,
      };
  }
  if (p.lolmt !== null && p.uplmt !== null && p.lolmt > p.uplmt)
    return { field: 'lolmt', message: 'must not exceed uplmt' };
  for (const [i, item] of p.ds_config.translate.entries()) {
    const { lolmt, uplmt } = item.range;
    if (lolmt !== null && uplmt !== null && lolmt > uplmt)
      return { field: `ds_config.translate.${i}.range`, message: 'lolmt must not exceed uplmt' };
  }
  return null;
}

// ---------------------------------------------------------------- devices

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
