import type { HistoryRow } from './storage-decision.js';

/**
 * History rows in PostgreSQL's binary COPY format (COPY ... FROM STDIN WITH (FORMAT binary)), one
 * buffer per batch. Against the text format it spares the pipeline a string per value (a double's
 * decimal form is the costly part) and the server the parsing of timestamps and floats: in
 * bench:ingest the pipeline's own CPU per reading was the bottleneck, not the database.
 *
 * Layout (PostgreSQL docs, "COPY", binary format): the signature, flags and header extension; per row
 * the field count (int16) and per field its length (int32, -1 for NULL) and bytes; then int16 -1.
 */
const SIGNATURE = Buffer.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]);
const HEADER_BYTES = SIGNATURE.length + 8;
/** Field count + point_id + ts + value + text length, without the text's bytes (at most: a NULL value takes 8 less). */
const ROW_BYTES = 2 + (4 + 4) + (4 + 8) + (4 + 8) + 4;
/** 2000-01-01T00:00:00Z, PostgreSQL's timestamp epoch, in Unix milliseconds. */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 2 ** 32;

/** Writes a timestamp (whole Unix ms) as int64 microseconds since 2000: exact over 1970-9999. */
function writeTimestamp(buffer: Buffer, ms: number, offset: number): number {
  // ms * 1000 exceeds 2^53 after year 2255, so the multiplication is done on the two 32-bit halves.
  const relative = ms - PG_EPOCH_MS;
  const highMs = Math.floor(relative / TWO_32);
  const lowUs = (relative - highMs * TWO_32) * 1000; // < 2^42: exact
  const carry = Math.floor(lowUs / TWO_32);
  buffer.writeInt32BE(highMs * 1000 + carry, offset);
  buffer.writeUInt32BE(lowUs - carry * TWO_32, offset + 4);
  return offset + 8;
}

export function encodeHistoryCopy(rows: readonly HistoryRow[]): Buffer {
  let size = HEADER_BYTES + rows.length * ROW_BYTES + 2;
  for (const r of rows) if (r.text !== null) size += Buffer.byteLength(r.text, 'utf8');
  const buffer = Buffer.allocUnsafe(size);
  let o = SIGNATURE.copy(buffer, 0);
  o = buffer.writeInt32BE(0, o); // flags: no OIDs
  o = buffer.writeInt32BE(0, o); // header extension length
  for (const r of rows) {
    o = buffer.writeInt16BE(4, o);
    o = buffer.writeInt32BE(4, o);
    o = buffer.writeInt32BE(r.pointId, o);
    o = buffer.writeInt32BE(8, o);
    o = writeTimestamp(buffer, r.ts, o);
    if (r.value === null) o = buffer.writeInt32BE(-1, o);
    else {
      o = buffer.writeInt32BE(8, o);
      o = buffer.writeDoubleBE(r.value, o);
    }
    if (r.text === null) o = buffer.writeInt32BE(-1, o);
    else {
      const length = buffer.write(r.text, o + 4, 'utf8');
      buffer.writeInt32BE(length, o);
      o += 4 + length;
    }
  }
  o = buffer.writeInt16BE(-1, o);
  return buffer.subarray(0, o);
}

export const HISTORY_COPY_SQL =
  'copy point_history (point_id, ts, value, text) from stdin with (format binary)';
