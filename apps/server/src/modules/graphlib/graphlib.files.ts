import { createHash } from 'node:crypto';
import { GRAPHLIB_MAX_BYTES, type GraphlibKind } from '@fleet/contracts';
import { fieldError } from '../../platform/http/errors.js';
import { sanitizeSvg } from './svg-sanitize.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const FIELD = 'body.file';

/** The kind a file claims: its part's media type, else its name's extension; null for anything else. */
export function declaredKind(
  mimetype: string | undefined,
  filename: string | undefined,
): GraphlibKind | null {
  const type = (mimetype ?? '').toLowerCase().split(';')[0]!.trim();
  if (type === 'image/svg+xml') return 'svg';
  if (type === 'image/png') return 'png';
  const ext = /\.([a-z0-9]+)$/i.exec(filename ?? '')?.[1]?.toLowerCase();
  if (ext === 'svg' || ext === 'png') return ext;
  return null;
}

/** PNG signature followed by the IHDR chunk (length 13), as every PNG starts. */
export function isPng(bytes: Buffer): boolean {
  return (
    bytes.length >= 33 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.readUInt32BE(8) === 13 &&
    bytes.subarray(12, 16).toString('latin1') === 'IHDR'
  );
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The bytes to store for an upload: a PNG as it came (after the signature check), an SVG sanitised and
 * normalised. Refusals are 10002 on `body.file` with a translated reason; nothing is stored.
 */
export function checkUpload(kind: GraphlibKind | null, bytes: Buffer): { kind: GraphlibKind; bytes: Buffer } {
  if (bytes.length > GRAPHLIB_MAX_BYTES)
    throw fieldError(FIELD, 'graphlib.tooLarge', { max: GRAPHLIB_MAX_BYTES / 1024 / 1024 });
  if (kind === null) throw fieldError(FIELD, 'graphlib.unsupportedType');
  if (kind === 'png') {
    if (!isPng(bytes)) throw fieldError(FIELD, 'graphlib.notPng');
    return { kind, bytes };
  }
  const result = sanitizeSvg(bytes);
  if (!result.ok)
    throw fieldError(FIELD, result.reason === 'entities' ? 'graphlib.entities' : 'graphlib.notSvg');
  return { kind, bytes: Buffer.from(result.svg, 'utf8') };
}
