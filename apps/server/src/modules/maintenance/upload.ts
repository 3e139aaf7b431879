import { WORK_ORDER_FILE_KINDS, WORK_ORDER_FILE_MAX_BYTES, type WorkOrderFileKind } from '@fleet/contracts';
import type { FastifyRequest } from 'fastify';
import { fieldError, paramError } from '../../platform/http/errors.js';
import type { UploadedImage } from './work-order-files.service.js';

const MULTIPART_FAULTS: Record<string, string> = {
  FST_FILES_LIMIT: 'body.file: one file per upload',
  FST_PARTS_LIMIT: 'body: too many parts',
  FST_FIELDS_LIMIT: 'body: too many fields',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'body: multipart/form-data expected',
};

/** The `file` part and the `kind` field of a photo or signature upload; limits answer 10002. */
export async function readUpload(request: FastifyRequest): Promise<UploadedImage> {
  if (!request.isMultipart()) throw fieldError('body.file', 'maintenance.fileRequired');
  let kind: WorkOrderFileKind = 'photo';
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || bytes) {
          part.file.resume();
          throw paramError(`body.${part.fieldname}: one file part named "file" is expected`);
        }
        bytes = await part.toBuffer();
      } else if (part.fieldname === 'kind') {
        const value = String(part.value);
        if (!(WORK_ORDER_FILE_KINDS as readonly string[]).includes(value))
          throw paramError(`body.kind: expected ${WORK_ORDER_FILE_KINDS.join(' or ')}`);
        kind = value as WorkOrderFileKind;
      } else {
        throw paramError('body: only the fields file and kind are expected');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('body.file', 'maintenance.fileTooLarge', {
        max: WORK_ORDER_FILE_MAX_BYTES / 1024 / 1024,
      });
    if (MULTIPART_FAULTS[code]) throw paramError(MULTIPART_FAULTS[code]);
    throw error;
  }
  if (!bytes) throw fieldError('body.file', 'maintenance.fileRequired');
  return { kind, bytes };
}
