/**
 * Data points of the device registry (docs/api-devices.md "Points"): protocol families and their register
 * areas, the point schema with its defaults, and the pure point rules (SPEC 3 and 5) both sides apply.
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
import { DeviceProtocol, GATEWAY_PROTOCOLS } from './device.js';

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

/** Decimals of a point created without them: 2 for float and double (21.5 must not show as "22"), else 0. */
export function defaultDecimals(dataType: DataType): number {
  return dataType === 'float' || dataType === 'double' ? 2 : 0;
}

/** POINT_DEFAULTS for a point of `dataType` (its default decimals). */
export function pointDefaultsFor(dataType: DataType = POINT_DEFAULTS.data_type): Omit<PointConfig, 'name'> {
  return { ...POINT_DEFAULTS, decimals: defaultDecimals(dataType) };
}

/**
 * The decimals after the data type changes in a form: a value still at the old type's default follows
 * the new type's default; one the user chose stays.
 */
export function decimalsAfterTypeChange(from: DataType, to: DataType, decimals: number | null | undefined) {
  return decimals === null || decimals === undefined || decimals === defaultDecimals(from)
    ? defaultDecimals(to)
    : decimals;
}

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
