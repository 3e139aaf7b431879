/** Data point enums of SPEC 3. */

/** 0 real-time monitor point, 1 user parameter point. */
export const PointType = { MONITOR: 0, PARAMETER: 1 } as const;
export type PointType = (typeof PointType)[keyof typeof PointType];

export const SOURCE_KINDS = [
  'register',
  'switch',
  'DI',
  'DO',
  'AI',
  'AO',
  'number',
  'string',
  'calculated',
  'image',
  'video',
  'binary',
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const DATA_TYPES = [
  'uint8',
  'int8',
  'uint16',
  'int16',
  'uint32',
  'int32',
  'uint64',
  'int64',
  'float',
  'double',
  'var',
  'string',
] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** How many 16-bit registers a value of this type occupies; null for variable-length types. */
export function registerCountOf(type: DataType): number | null {
  switch (type) {
    case 'uint8':
    case 'int8':
    case 'uint16':
    case 'int16':
      return 1;
    case 'uint32':
    case 'int32':
    case 'float':
      return 2;
    case 'uint64':
    case 'int64':
    case 'double':
      return 4;
    default:
      return null;
  }
}

/** 0 none, 1 timed, 2 on change beyond a tolerance. */
export const StorageMode = { NONE: 0, TIMED: 1, ON_CHANGE: 2 } as const;
export type StorageMode = (typeof StorageMode)[keyof typeof StorageMode];

/** 0 no, 1 collect, 2 collect and hide. */
export const CollectMode = { NO: 0, COLLECT: 1, COLLECT_HIDDEN: 2 } as const;
export type CollectMode = (typeof CollectMode)[keyof typeof CollectMode];

export const ACCESS_MODES = ['readonly', 'writeonly', 'readwrite'] as const;
export type AccessMode = (typeof ACCESS_MODES)[number];

/**
 * SPEC 3 Modbus register areas with their function codes. 0X and 1X hold single bits (coils and
 * discrete inputs); 1X and 3X are read-only.
 */
export const MODBUS_AREAS = {
  '0X': { read: 0x01, write: [0x05, 0x0f], bits: true, writable: true },
  '1X': { read: 0x02, write: [], bits: true, writable: false },
  '3X': { read: 0x04, write: [], bits: false, writable: false },
  '4X': { read: 0x03, write: [0x06, 0x10], bits: false, writable: true },
} as const;
export type ModbusArea = keyof typeof MODBUS_AREAS;

/** Byte and word order of multi-register values: ABCD big-endian, DCBA, BADC, CDAB (word swap). */
export const BYTE_ORDERS = ['ABCD', 'DCBA', 'BADC', 'CDAB'] as const;
export type ByteOrder = (typeof BYTE_ORDERS)[number];

/** One entry of `ds_config.translate`: a range and the text it shows. */
export interface TranslateItem {
  range: { lolmt: number | null; uplmt: number | null };
  text: string;
}
