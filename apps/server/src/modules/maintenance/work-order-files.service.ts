import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { WORK_ORDER_FILE_MAX_BYTES, type WorkOrderFileKind, type WorkOrderFileRow } from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { fieldError, noPermission } from '../../platform/http/errors.js';
import { notFound } from '../devices/device-errors.js';
import { sanitizeImage } from './image-sanitize.js';
import { rolesOn } from './work-orders.mapping.js';
import type { WorkOrdersRepository } from './work-orders.repository.js';

export interface UploadedImage {
  kind: WorkOrderFileKind;
  bytes: Buffer;
}

/**
 * Photos and signatures of work orders, stored by content hash in `DATA_DIR/files/maintenance`
 * (platform/files). Only the assignee or a manager of the order uploads; whoever sees the order reads.
 */
export function createWorkOrderFiles(deps: { repo: WorkOrdersRepository; store: FileStore }) {
  const { repo, store } = deps;

  return {
    async upload(scope: Scope, orderId: number, file: UploadedImage): Promise<WorkOrderFileRow> {
      const order = await repo.get(scope, orderId);
      if (!order) throw notFound('work order');
      if (rolesOn(scope, order, order.managed).includes('other')) throw noPermission();
      if (file.bytes.length > WORK_ORDER_FILE_MAX_BYTES)
        throw fieldError('body.file', 'maintenance.fileTooLarge', {
          max: WORK_ORDER_FILE_MAX_BYTES / 1024 / 1024,
        });
      const clean = sanitizeImage(file.bytes);
      if (!clean.ok) throw fieldError('body.file', 'maintenance.unsupportedImage');
      if (file.kind === 'signature' && clean.mime !== 'image/png')
        throw fieldError('body.file', 'maintenance.signatureKind');
      const temp = store.tempPath('.img');
      await writeFile(temp, clean.bytes, { mode: 0o644 });
      const { hash, size } = await store.put(temp);
      // The hash of what was stored (metadata stripped), never of what was sent.
      if (hash !== createHash('sha256').update(clean.bytes).digest('hex'))
        throw new Error('file store hash mismatch');
      await repo.addFile({
        orderId,
        hash,
        kind: file.kind,
        mime: clean.mime,
        size,
        uploadedBy: scope.userId,
      });
      return { hash, kind: file.kind, mime: clean.mime, size };
    },

    async read(scope: Scope, orderId: number, hash: string): Promise<{ mime: string; bytes: Buffer }> {
      const order = await repo.get(scope, orderId);
      if (!order) throw notFound('work order');
      const [file] = await repo.files(orderId, [hash]);
      if (!file) throw notFound('file');
      return { mime: file.mime, bytes: await readFile(store.path(hash)) };
    },
  };
}

export type WorkOrderFiles = ReturnType<typeof createWorkOrderFiles>;
