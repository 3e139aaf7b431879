/**
 * Device MQTT payloads (JSON, UTF-8) with limits, and parsers that never throw.
 *
 *   up:   {"ts"?: epoch ms, "values": {name: number | string | boolean | null}, "slave"?: 1-254,
 *          "csq"?: signal quality 0-31 or 99 (unknown)}
 *   down: {"cmd_id": string, "writes": {name: number | string | boolean}, "slave"?: 1-254}
 *   ack:  {"cmd_id": string, "ok": boolean, "error"?: string, "rssi"?: 0-31 | 99, "ber"?: 0-7 | 99}
 *
 * Limits: payload at most 64 KiB; at most 500 values per message and 100 writes per command;
 * names 1-64 characters; strings at most 1024 characters; numbers finite; cmd_id 1-64 characters of
 * [A-Za-z0-9_-]; ts an integer between 2000-01-01 and 2100-01-01. Unknown fields are rejected.
 * Names "__proto__", "constructor" and "prototype" are refused.
 */
import { z } from 'zod';

export const MAX_PAYLOAD_BYTES = 64 * 1024;
export const MAX_VALUES = 500;
export const MAX_WRITES = 100;
export const MAX_NAME_LENGTH = 64;
export const MAX_STRING_LENGTH = 1024;
const MIN_TS = Date.UTC(2000, 0, 1);
const MAX_TS = Date.UTC(2100, 0, 1);

const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

const pointName = z
  .string()
  .min(1)
  .max(MAX_NAME_LENGTH)
  .refine((s) => !FORBIDDEN_NAMES.has(s), 'reserved name');

const scalar = z.union([z.number(), z.string().max(MAX_STRING_LENGTH), z.boolean()]);

function limitedRecord<T extends z.ZodType>(value: T, max: number) {
  return z.record(pointName, value).refine((r) => Object.keys(r).length <= max, `at most ${max} entries`);
}

export const cmdIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'cmd_id must be 1-64 of [A-Za-z0-9_-]');

export const telemetrySchema = z.strictObject({
  ts: z.number().int().min(MIN_TS).max(MAX_TS).optional(),
  values: limitedRecord(z.union([scalar, z.null()]), MAX_VALUES),
  slave: z.number().int().min(1).max(254).optional(),
  /** Cellular signal quality (AT+CSQ): 0-31, 99 unknown. */
  csq: z
    .number()
    .int()
    .refine((n) => (n >= 0 && n <= 31) || n === 99, 'csq must be 0-31 or 99')
    .optional(),
});
export type Telemetry = z.infer<typeof telemetrySchema>;

export const commandSchema = z.strictObject({
  cmd_id: cmdIdSchema,
  writes: limitedRecord(scalar, MAX_WRITES).refine((r) => Object.keys(r).length > 0, 'no writes'),
  /** Gateways: the Modbus slave id the written points belong to (as `slave` in telemetry). */
  slave: z.number().int().min(1).max(254).optional(),
});
export type Command = z.infer<typeof commandSchema>;

/** AT+CSQ signal strength: 0-31, 99 unknown. */
export const rssiSchema = z
  .number()
  .int()
  .refine((n) => (n >= 0 && n <= 31) || n === 99, 'rssi must be 0-31 or 99');
/** AT+CSQ bit error rate class: 0-7, 99 unknown. */
export const berSchema = z
  .number()
  .int()
  .refine((n) => (n >= 0 && n <= 7) || n === 99, 'ber must be 0-7 or 99');

export const ackSchema = z
  .strictObject({
    cmd_id: cmdIdSchema,
    ok: z.boolean(),
    error: z.string().max(MAX_STRING_LENGTH).optional(),
    /** The answer to a gateway `csq` command (docs/protocols.md "Gateway commands"): both or neither. */
    rssi: rssiSchema.optional(),
    ber: berSchema.optional(),
  })
  .refine((a) => (a.rssi === undefined) === (a.ber === undefined), {
    message: 'rssi and ber come together',
    path: ['ber'],
  });
export type Ack = z.infer<typeof ackSchema>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; reason: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Parse a JSON payload against a schema. Never throws. */
export function parsePayload<T>(schema: z.ZodType<T>, payload: Uint8Array | string): ParseResult<T> {
  try {
    let text: string;
    if (typeof payload === 'string') {
      if (payload.length > MAX_PAYLOAD_BYTES)
        return { ok: false, reason: `payload larger than ${MAX_PAYLOAD_BYTES} bytes` };
      text = payload;
    } else if (payload instanceof Uint8Array) {
      if (payload.length > MAX_PAYLOAD_BYTES)
        return { ok: false, reason: `payload larger than ${MAX_PAYLOAD_BYTES} bytes` };
      try {
        text = decoder.decode(payload);
      } catch {
        return { ok: false, reason: 'payload is not valid UTF-8' };
      }
    } else return { ok: false, reason: 'payload must be bytes or a string' };
    let json: unknown;
    let reserved = false;
    try {
      json = JSON.parse(text, (key, value) => {
        if (key === '__proto__') reserved = true;
        return value;
      });
    } catch {
      return { ok: false, reason: 'payload is not valid JSON' };
    }
    // zod would silently drop a "__proto__" key; refuse it explicitly instead
    if (reserved) return { ok: false, reason: 'reserved name __proto__' };
    const r = schema.safeParse(json);
    if (!r.success) {
      const issue = r.error.issues[0];
      const path = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return { ok: false, reason: `${path}${issue?.message ?? 'invalid payload'}` };
    }
    return { ok: true, value: r.data };
  } catch {
    return { ok: false, reason: 'invalid payload' };
  }
}

export const parseTelemetry = (payload: Uint8Array | string) => parsePayload(telemetrySchema, payload);
export const parseCommand = (payload: Uint8Array | string) => parsePayload(commandSchema, payload);
export const parseAck = (payload: Uint8Array | string) => parsePayload(ackSchema, payload);
