import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { ASSET_FILE_MAX_BYTES, ASSET_MAX_FILES, type AssetFileRow } from '@fleet/contracts';
import type { Scope } from '../../../platform/auth/scope.js';
import type { FileStore } from '../../../platform/files/file-store.js';
import { fieldError, userMessage } from '../../../platform/http/errors.js';
import { notFound } from '../../devices/device-errors.js';
import { sanitizeImage } from '../image-sanitize.js';
import { toAssetFileRow } from './assets.mapping.js';
import type { AssetsRepository } from './assets.repository.js';

export interface UploadedFile {
  /** The name the browser sent (shown and offered on download; never used as a path). */
  name: string;
  bytes: Buffer;
}

const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * What is stored of an upload: JPEG and PNG with their metadata stripped (platform image-sanitize, as
 * for work order photos), PDF as sent; anything else (by its bytes, never its name) is refused.
 */
export function cleanAttachment(bytes: Buffer): { mime: string; bytes: Buffer } | undefined {
  const image = sanitizeImage(bytes);
  if (image.ok) return { mime: image.mime, bytes: image.bytes };
  if (bytes.length > PDF_MAGIC.length && bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    return { mime: 'application/pdf', bytes };
  return undefined;
}

/** A display name: no path, no control characters, at most 120 characters. */
export function cleanFileName(name: string, mime: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"<>|*?:]+/g, '_')
    .trim()
    .slice(0, 120);
  if (base) return base;
  return mime === 'application/pdf' ? 'document.pdf' : mime === 'image/png' ? 'image.png' : 'image.jpg';
}

/** Asset attachments, stored by content hash in `DATA_DIR/files/assets` (platform/files). */
export function createAssetFiles(deps: { repo: AssetsRepository; store: FileStore }) {
  const { repo, store } = deps;

  return {
    async upload(scope: Scope, assetId: number, file: UploadedFile): Promise<AssetFileRow> {
      const asset = await repo.get(scope, assetId);
      if (!asset) throw notFound('asset');
      if (file.bytes.length > ASSET_FILE_MAX_BYTES)
        throw fieldError('body.file', 'asset.fileTooLarge', { max: ASSET_FILE_MAX_BYTES / 1024 / 1024 });
      const clean = cleanAttachment(file.bytes);
      if (!clean) throw fieldError('body.file', 'asset.unsupportedFile');
      if (asset.files >= ASSET_MAX_FILES) throw userMessage('asset.tooManyFiles', { max: ASSET_MAX_FILES });
      const temp = store.tempPath('.bin');
      await writeFile(temp, clean.bytes, { mode: 0o644 });
      const { hash } = await store.put(temp);
      // The hash of what was stored (metadata stripped), never of what was sent.
      if (hash !== createHash('sha256').update(clean.bytes).digest('hex'))
        throw new Error('file store hash mismatch');
      await repo.addFile({
        assetId,
        hash,
        name: cleanFileName(file.name, clean.mime),
        mime: clean.mime,
        size: clean.bytes.length,
        uploadedBy: scope.userId,
      });
      const stored = await repo.file(assetId, hash);
      return toAssetFileRow(stored!);
    },

    async read(scope: Scope, assetId: number, hash: string) {
      if (!(await repo.get(scope, assetId))) throw notFound('asset');
      const file = await repo.file(assetId, hash);
      if (!file) throw notFound('file');
      return { mime: file.mime, name: file.name, bytes: await readFile(store.path(hash)) };
    },

    async remove(scope: Scope, assetId: number, hash: string): Promise<null> {
      if (!(await repo.get(scope, assetId))) throw notFound('asset');
      if (!(await repo.removeFile(assetId, hash))) throw notFound('file');
      // The bytes go once no asset names them (the same photo may be on two assets).
      if (!(await repo.fileInUse(hash))) await store.remove(hash);
      return null;
    },
  };
}

export type AssetFiles = ReturnType<typeof createAssetFiles>;
