/**
 * In-band control frames on a DTU's TCP link (docs/protocols.md "Control frames on the DTU link"):
 * the MQTT messages of OTA and the gateway commands (`d/{imei}/down`, `d/{imei}/ack`, `d/{imei}/ota`)
 * carried between Modbus RTU frames and heartbeats.
 *
 *   00 FC 43 46 | channel (1) | length (2, big endian) | payload (UTF-8 JSON) | CRC-16/MODBUS (2, low first)
 *
 * Why this cannot be taken for Modbus: slave address 0 is the broadcast address, which never answers,
 * so no response starts with 00; the platform never broadcasts, and 0xFC has the exception bit set,
 * which no request carries. The CRC covers channel, length and payload.
 */
import { crc16 } from '../modbus/crc.js';

export const CONTROL_MAGIC = Uint8Array.of(0x00, 0xfc, 0x43, 0x46);
/** Largest JSON payload; a bigger message is refused when encoding and dropped when received. */
export const MAX_CONTROL_PAYLOAD = 60 * 1024;
const HEADER = CONTROL_MAGIC.length + 3;
/** Bytes around the payload: magic, channel, length, CRC. */
export const CONTROL_OVERHEAD = HEADER + 2;
export const MAX_CONTROL_FRAME = MAX_CONTROL_PAYLOAD + CONTROL_OVERHEAD;

/** What the payload is, like the MQTT topic it stands for. */
export const CONTROL_CHANNELS = { down: 0x01, ack: 0x02, ota: 0x03 } as const;
export type ControlChannel = keyof typeof CONTROL_CHANNELS;
const CHANNEL_OF = new Map<number, ControlChannel>(
  Object.entries(CONTROL_CHANNELS).map(([name, code]) => [code, name as ControlChannel]),
);

export type ControlMalformedReason = 'channel' | 'length' | 'crc';

/** What the bytes at a position are, as far as control frames go. */
export type ControlMatch =
  | { kind: 'no' }
  /** A prefix of a frame: wait for more bytes. */
  | { kind: 'partial' }
  | { kind: 'complete'; len: number; channel: ControlChannel; payload: Uint8Array }
  /** Starts like a frame but is not a valid one: drop `len` bytes. */
  | { kind: 'bad'; len: number; reason: ControlMalformedReason };

const NO: ControlMatch = { kind: 'no' };
const PARTIAL: ControlMatch = { kind: 'partial' };

/** A frame for `message` (a JSON string or object) on `channel`; throws RangeError when too large. */
export function encodeControlFrame(channel: ControlChannel, message: string | object): Uint8Array {
  const text = typeof message === 'string' ? message : JSON.stringify(message);
  const payload = new TextEncoder().encode(text);
  if (payload.length === 0 || payload.length > MAX_CONTROL_PAYLOAD)
    throw new RangeError(`control frame payload must be 1-${MAX_CONTROL_PAYLOAD} bytes`);
  const frame = new Uint8Array(payload.length + CONTROL_OVERHEAD);
  frame.set(CONTROL_MAGIC, 0);
  frame[4] = CONTROL_CHANNELS[channel];
  frame[5] = payload.length >>> 8;
  frame[6] = payload.length & 0xff;
  frame.set(payload, HEADER);
  const crc = crc16(frame, 4, HEADER + payload.length);
  frame[HEADER + payload.length] = crc & 0xff;
  frame[HEADER + payload.length + 1] = crc >>> 8;
  return frame;
}

/**
 * The control frame at `b[i]` (bytes up to `n`). A bad header drops only the magic, so a frame that
 * follows is found again; a frame whose CRC fails drops its whole declared length.
 */
export function matchControlFrame(b: Uint8Array, i: number, n: number): ControlMatch {
  const head = Math.min(CONTROL_MAGIC.length, n - i);
  for (let k = 0; k < head; k++) if (b[i + k] !== CONTROL_MAGIC[k]) return NO;
  if (n - i < HEADER) return PARTIAL;
  const channel = CHANNEL_OF.get(b[i + 4]!);
  if (!channel) return { kind: 'bad', len: CONTROL_MAGIC.length, reason: 'channel' };
  const length = (b[i + 5]! << 8) | b[i + 6]!;
  if (length === 0 || length > MAX_CONTROL_PAYLOAD)
    return { kind: 'bad', len: CONTROL_MAGIC.length, reason: 'length' };
  const len = length + CONTROL_OVERHEAD;
  if (n - i < len) return PARTIAL;
  const crc = crc16(b, i + 4, i + HEADER + length);
  if (b[i + len - 2] !== (crc & 0xff) || b[i + len - 1] !== crc >>> 8)
    return { kind: 'bad', len, reason: 'crc' };
  return { kind: 'complete', len, channel, payload: b.slice(i + HEADER, i + HEADER + length) };
}

export type ControlEvent =
  | { type: 'control'; channel: ControlChannel; payload: Uint8Array }
  | { type: 'control-malformed'; bytes: number; reason: ControlMalformedReason };
