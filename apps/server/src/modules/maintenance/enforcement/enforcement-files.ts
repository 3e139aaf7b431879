import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import {
  ENFORCEMENT_PHOTO_MAX_BYTES,
  ENFORCEMENT_VIDEO_MAX_BYTES,
  type EnforcementFileKind,
  type EnforcementFileRow,
} from '@fleet/contracts';
import type { FastifyRequest } from 'fastify';
import type { Scope } from '../../../platform/auth/scope.js';
import type { FileStore } from '../../../platform/files/file-store.js';
import { fieldError, paramError } from '../../../platform/http/errors.js';
import { notFound } from '../../devices/device-errors.js';
import type { EnforcementRepository } from './enforcement.repository.js';

export interface Sniffed {
  kind: EnforcementFileKind;
  mime: string;
}

const startsWith = (bytes: Buffer, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);

/**
 * What the bytes are, never what the client said: JPEG and PNG photos, ISO BMFF videos (MP4, and
 * the QuickTime brand phones record) and WebM (EBML with the "webm" doc type). Anything else: null.
 */
export function sniffEvidence(bytes: Buffer): Sniffed | null {
  if (bytes.length < 12) return null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'photo', mime: 'image/jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'photo', mime: 'image/png' };
  if (bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brand = bytes.toString('latin1', 8, 12);
    if (!/^[\x20-\x7e]{4}$/.test(brand)) return null;
    return { kind: 'video', mime: brand === 'qt  ' ? 'video/quicktime' : 'video/mp4' };
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    // The EBML header is short; its DocType element (0x42 0x82) names "webm" (not other Matroska).
    const head = bytes.subarray(0, Math.min(bytes.length, 64));
    const at = head.indexOf(Buffer.from([0x42, 0x82]));
    if (at >= 0 && head.toString('latin1', at + 3, at + 7) === 'webm')
      return { kind: 'video', mime: 'video/webm' };
  }
  return null;
}

const MAX: Record<EnforcementFileKind, number> = {
  photo: ENFORCEMENT_PHOTO_MAX_BYTES,
  video: ENFORCEMENT_VIDEO_MAX_BYTES,
};

const MULTIPART_FAULTS: Record<string, string> = {
  FST_FILES_LIMIT: 'body.file: one file per upload',
  FST_PARTS_LIMIT: 'body: too many parts',
  FST_FIELDS_LIMIT: 'body: too many fields',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'body: multipart/form-data expected',
};

/** The one `file` part of an evidence upload; the multipart limit is the video limit. */
export async function readEvidenceUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fieldError('body.file', 'maintenance.enforcementFileRequired');
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || bytes) {
        if (part.type === 'file') part.file.resume();
        throw paramError('body: one file part named "file" is expected');
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('body.file', 'maintenance.enforcementFileTooLarge', {
        kind: 'video',
        max: ENFORCEMENT_VIDEO_MAX_BYTES / 1024 / 1024,
      });
    if (MULTIPART_FAULTS[code]) throw paramError(MULTIPART_FAULTS[code]);
    throw error;
  }
  if (!bytes || bytes.length === 0) throw fieldError('body.file', 'maintenance.enforcementFileRequired');
  return bytes;
}

/**
 * Evidence files, kept byte for byte (so the hash is the hash of the officer's original capture) in
 * `DATA_DIR/files/enforcement`. An upload belongs to the uploader's tenant until a create names it
 * (within a day: enforcement.sweep.ts forgets older uploads and removes files nothing holds).
 */
export function createEnforcementFiles(deps: {
  repo: EnforcementRepository;
  store: FileStore;
  clock: () => Date;
}) {
  const { repo, store, clock } = deps;
  return {
    async upload(scope: Scope, bytes: Buffer): Promise<EnforcementFileRow> {
      const sniffed = sniffEvidence(bytes);
      if (!sniffed) throw fieldError('body.file', 'maintenance.enforcementUnsupportedFile');
      if (bytes.length > MAX[sniffed.kind])
        throw fieldError('body.file', 'maintenance.enforcementFileTooLarge', {
          kind: sniffed.kind,
          max: MAX[sniffed.kind] / 1024 / 1024,
        });
      // Stored and recorded under the hash's lock: the sweep never removes a file between the two.
      const hash = createHash('sha256').update(bytes).digest('hex');
      await repo.transaction(async (tx) => {
        await repo.lockHash(hash, tx);
        const temp = store.tempPath(sniffed.kind === 'photo' ? '.img' : '.video');
        await writeFile(temp, bytes, { mode: 0o644 });
        await store.put(temp);
        await repo.addUpload(
          {
            ownerUserId: scope.dataOwnerId,
            uploadedBy: scope.userId,
            hash,
            kind: sniffed.kind,
            mime: sniffed.mime,
            size: bytes.length,
            createdAt: clock(),
          },
          tx,
        );
      });
      return { hash, kind: sniffed.kind, mime: sniffed.mime, size: bytes.length };
    },

    async read(scope: Scope, recordId: number, hash: string): Promise<{ mime: string; bytes: Buffer }> {
      const record = await repo.get(scope, recordId);
      if (!record) throw notFound('enforcement record');
      const file = await repo.recordFile(recordId, hash);
      if (!file) throw notFound('file');
      return { mime: file.mime, bytes: await readFile(store.path(hash)) };
    },
  };
}
