/**
 * CRC-16/MODBUS (poly 0x8005 reflected = 0xA001, init 0xFFFF, no final xor), table driven.
 * On the wire the CRC is appended low byte first.
 */

const TABLE: Uint16Array = (() => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
    table[i] = c;
  }
  return table;
})();

/** CRC of `bytes[start, end)`. */
export function crc16(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) {
    crc = (crc >>> 8) ^ TABLE[(crc ^ bytes[i]!) & 0xff]!;
  }
  return crc;
}

/** A copy of `bytes` with its CRC appended (low byte first). */
export function appendCrc(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + 2);
  out.set(bytes, 0);
  const crc = crc16(bytes);
  out[bytes.length] = crc & 0xff;
  out[bytes.length + 1] = crc >>> 8;
  return out;
}

/**
 * True when the last two bytes of `bytes[start, end)` are the CRC of the bytes before them.
 * Frames shorter than 3 bytes never verify.
 */
export function verifyCrc(bytes: Uint8Array, start = 0, end = bytes.length): boolean {
  if (start < 0 || end > bytes.length || end - start < 3) return false;
  const crc = crc16(bytes, start, end - 2);
  return bytes[end - 2] === (crc & 0xff) && bytes[end - 1] === crc >>> 8;
}
