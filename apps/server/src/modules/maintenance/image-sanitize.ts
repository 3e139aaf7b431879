/**
 * Photos and signatures of work orders (issue 22): only JPEG and PNG, recognised by their bytes (never
 * by the name or the declared type), and stripped of metadata before they are stored. A phone photo's
 * EXIF carries the GPS position and the phone's serial; nobody reading the order needs them.
 */

export type ImageMime = 'image/jpeg' | 'image/png';
export type SanitizeResult = { ok: true; mime: ImageMime; bytes: Buffer } | { ok: false };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG chunks kept: the image itself and how to show its colours; text, EXIF and time chunks go. */
const PNG_KEEP = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'pHYs',
  'sBIT',
  'bKGD',
]);

function sanitizePng(bytes: Buffer): SanitizeResult {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return { ok: false };
  const kept: Buffer[] = [PNG_SIGNATURE];
  let offset = 8;
  let first = true;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString('latin1');
    const end = offset + 12 + length;
    if (end > bytes.length || !/^[A-Za-z]{4}$/.test(type)) return { ok: false };
    if (first && (type !== 'IHDR' || length !== 13)) return { ok: false };
    first = false;
    if (PNG_KEEP.has(type)) kept.push(bytes.subarray(offset, end));
    offset = end;
    if (type === 'IEND') return { ok: true, mime: 'image/png', bytes: Buffer.concat(kept) };
  }
  return { ok: false };
}

/** JPEG: APP1-APP15 (EXIF, XMP, ...) and comments are dropped; APP0 (JFIF) and the image stay. */
function sanitizeJpeg(bytes: Buffer): SanitizeResult {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return { ok: false };
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return { ok: false };
    const marker = bytes[offset + 1]!;
    // Fill bytes and standalone markers carry no length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return { ok: false };
    const segment = bytes.subarray(offset, offset + 2 + length);
    // Start of scan: the compressed image runs to the end; nothing after it is metadata we parse.
    if (marker === 0xda) {
      kept.push(bytes.subarray(offset));
      return { ok: true, mime: 'image/jpeg', bytes: Buffer.concat(kept) };
    }
    const isMetadata = (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe;
    if (!isMetadata) kept.push(segment);
    offset += 2 + length;
  }
  return { ok: false };
}

export function sanitizeImage(bytes: Buffer): SanitizeResult {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return sanitizePng(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return sanitizeJpeg(bytes);
  return { ok: false };
}
