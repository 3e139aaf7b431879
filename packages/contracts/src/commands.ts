/**
 * Commands API (docs/api-pipeline.md "Commands"): writing a value to a device's point, following
 * the SPEC 4 status lifecycle, plus the value rules both the server and the web form apply.
 */
import { z } from 'zod';
import { COMMAND_STATUSES } from './alarm.js';
import { type DataType, MODBUS_AREAS } from './datapoint.js';
import { listQuery } from './envelope.js';

export const COMMAND_KINDS = ['write', 'refresh'] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

export const commandValue = z.union([z.number(), z.string().max(1024), z.boolean()]);
export type CommandValue = z.infer<typeof commandValue>;

export const commandBody = z.strictObject({
  device_id: z.number().int().positive(),
  point_id: z.number().int().positive(),
  value: commandValue,
});
export type CommandBody = z.infer<typeof commandBody>;

export const commandListQuery = listQuery.pick({ page: true, limit: true }).extend({
  device_id: z.coerce.number().int().positive(),
});
export type CommandListQuery = z.infer<typeof commandListQuery>;

export const commandStatusQuery = z.object({ id: z.coerce.number().int().positive() });
export type CommandStatusQuery = z.infer<typeof commandStatusQuery>;

export const commandRow = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  /** null once the point was deleted. */
  point_id: z.number().int().nullable(),
  point_name: z.string(),
  point_title: z.string(),
  kind: z.enum(COMMAND_KINDS),
  value: commandValue.nullable(),
  status: z.enum(COMMAND_STATUSES),
  error: z.string(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  answered_at: z.string().nullable(),
});
export type CommandRow = z.infer<typeof commandRow>;

export const refreshResult = z.object({ refreshed: z.boolean() });
export type RefreshResult = z.infer<typeof refreshResult>;

/** What the value rules need to know of a point. */
export interface WritablePoint {
  name: string;
  area: string | null;
  access: string;
  sourceKind: string;
  dataType: DataType | string;
  lolmt: number | null;
  uplmt: number | null;
  /** Registers of a string / var point (2 bytes each); null or absent: no length rule. */
  registerCount?: number | null;
}

/** Areas that hold single bits (Modbus coils / discrete inputs, PLC inputs and outputs). */
const BIT_AREAS = new Set(['0X', '1X', 'X', 'Y']);
/** Areas a master can only read, whatever the point's access says. */
const READ_ONLY_AREAS = new Set(['1X', '3X', 'I', 'X']);
const SWITCH_KINDS = new Set(['switch', 'DI', 'DO']);

export function isReadOnlyPoint(point: Pick<WritablePoint, 'access' | 'area'>): boolean {
  if (point.access === 'readonly') return true;
  if (point.area && point.area in MODBUS_AREAS) return !MODBUS_AREAS[point.area as '0X'].writable;
  return point.area !== null && READ_ONLY_AREAS.has(point.area);
}

/** A point that holds on/off: a bit area or a switch-like source. */
export function isBitPoint(point: Pick<WritablePoint, 'area' | 'sourceKind'>): boolean {
  return (point.area !== null && BIT_AREAS.has(point.area)) || SWITCH_KINDS.has(point.sourceKind);
}

export type CommandValueCheck = { ok: true; value: number | string } | { ok: false; message: string };

/**
 * Checks a value against the point and answers it normalised (numbers for numeric and bit points,
 * text for string points) or the problem, phrased for `body.value: ...`.
 */
export function checkCommandValue(point: WritablePoint, value: CommandValue): CommandValueCheck {
  if (point.dataType === 'string' || point.dataType === 'var') {
    if (typeof value === 'string') {
      const room = point.registerCount ? point.registerCount * 2 : null;
      if (room !== null && new TextEncoder().encode(value).length > room)
        return { ok: false, message: `${point.name} holds at most ${room} bytes of text` };
      return { ok: true, value };
    }
    if (point.dataType === 'var' && typeof value === 'number' && Number.isFinite(value))
      return { ok: true, value };
    return { ok: false, message: `${point.name} takes a text value` };
  }
  if (isBitPoint(point)) {
    const bit = toBit(value);
    if (bit === null) return { ok: false, message: `${point.name} takes true, false, 0 or 1` };
    return { ok: true, value: bit };
  }
  const number = toNumber(value);
  if (number === null) return { ok: false, message: `${point.name} takes a number` };
  if (point.lolmt !== null && number < point.lolmt)
    return { ok: false, message: `${number} is below the lower limit ${point.lolmt}` };
  if (point.uplmt !== null && number > point.uplmt)
    return { ok: false, message: `${number} is above the upper limit ${point.uplmt}` };
  return { ok: true, value: number };
}

function toBit(value: CommandValue): 0 | 1 | null {
  if (value === true || value === 1 || value === '1' || value === 'true') return 1;
  if (value === false || value === 0 || value === '0' || value === 'false') return 0;
  return null;
}

function toNumber(value: CommandValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : null;
}
