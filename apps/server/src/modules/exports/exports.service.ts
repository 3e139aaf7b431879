import {
  EXPORT_MAX_ACTIVE_PER_USER,
  type ExportCreateBody,
  type ExportJobRow,
  type ExportListQuery,
  type Language,
} from '@fleet/contracts';
import { notFound } from '../../platform/auth/access.js';
import { hasPermission, type Scope } from '../../platform/auth/scope.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { noPermission, userMessage } from '../../platform/http/errors.js';
import { type ListResult, pageWindow } from '../../platform/http/paging.js';
import { EXPORT_KIND_RULES, parseExportParams, storedParams } from './export-params.js';
import { toExportJobRow } from './export-row.js';
import { EXPORT_FILE_WORDS } from './export-words.js';
import { CONTENT_TYPES, type ExportFormat } from './export-writer.js';
import type { ExportsRepository } from './exports.repository.js';

export interface ExportsServiceDeps {
  repo: ExportsRepository;
  store: FileStore;
  clock: () => Date;
  /** Tells the workers a job was queued. */
  wake: () => void;
}

/** A finished file to send. */
export interface ExportFile {
  path: string;
  name: string;
  contentType: string;
  size: number;
}

/** The caller's exports (docs/api-datacenter.md "Exports"): queue, list, download, delete. */
export function createExportsService({ repo, store, clock, wake }: ExportsServiceDeps) {
  /** Deletes the file unless another downloadable job points at the same content. */
  async function forget(hash: string): Promise<void> {
    if (hash && !(await repo.isLive(hash))) await store.remove(hash);
  }

  return {
    /** `requestLang`: the caller's language, used when the body names none. */
    async create(scope: Scope, body: ExportCreateBody, requestLang: Language): Promise<ExportJobRow> {
      const { kind } = body;
      const lang = body.lang ?? requestLang;
      // The data itself needs the permission of the list it comes from.
      if (!EXPORT_KIND_RULES[kind].permissions.some((p) => hasPermission(scope, p))) throw noPermission();
      parseExportParams(kind, body.params);
      const row = await repo.insertIfRoom(
        {
          userId: scope.userId,
          kind,
          title: EXPORT_FILE_WORDS[lang].kind[kind],
          params: storedParams(body.params),
          format: body.format,
          lang,
          tz: body.tz,
          status: 'queued',
          createdAt: clock(),
        },
        EXPORT_MAX_ACTIVE_PER_USER,
      );
      if (!row) throw userMessage('export.tooManyActive', { max: EXPORT_MAX_ACTIVE_PER_USER });
      wake();
      return toExportJobRow(row);
    },

    async list(scope: Scope, query: ExportListQuery): Promise<ListResult<ExportJobRow>> {
      const { limit, offset } = pageWindow(query);
      const { rows, total } = await repo.list(scope.userId, query.status, limit, offset);
      return { rows: rows.map(toExportJobRow), total };
    },

    /** The file of a done, unexpired job of the caller; 404 otherwise. */
    async file(scope: Scope, id: number): Promise<ExportFile> {
      const job = await repo.findOwn(scope.userId, id);
      const live =
        job?.status === 'done' &&
        job.fileHash &&
        (!job.expiresAt || job.expiresAt.getTime() > clock().getTime());
      if (!job || !live || !(await store.exists(job.fileHash))) throw notFound('export not found');
      return {
        path: store.path(job.fileHash),
        name: job.fileName,
        contentType: CONTENT_TYPES[job.format as ExportFormat] ?? 'application/octet-stream',
        size: job.fileSize,
      };
    },

    /** Cancels a queued or running job (its worker notices at the next page) and forgets its file. */
    async remove(scope: Scope, id: number): Promise<null> {
      const job = await repo.deleteOwn(scope.userId, id);
      if (!job) throw notFound('export not found');
      await forget(job.fileHash);
      return null;
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
