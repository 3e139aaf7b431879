import type { KeyObject } from 'node:crypto';
import type {
  ListResult,
  OtaApplicationListQuery,
  OtaApplicationRow,
  OtaApplicationUploadFields,
} from '@fleet/contracts';
import { signManifest } from '@fleet/protocols';
import type { Scope } from '../../platform/auth/scope.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { userMessage } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import { notFound } from '../devices/device-errors.js';
import type { OtaApplicationRecord, OtaApplicationsRepository } from './applications.repository.js';

export const toApplicationRow = (r: OtaApplicationRecord): OtaApplicationRow => ({
  id: r.id,
  owner_user_id: r.ownerUserId,
  name: r.name,
  version: r.version,
  models: r.models,
  counter: r.counter,
  notes: r.notes,
  sha256: r.sha256,
  size: r.size,
  filename: r.filename,
  expires: r.manifest.expires,
  manifest: r.manifest,
  signature: r.signature,
  created_at: r.createdAt.toISOString(),
});

export interface OtaApplicationsDeps {
  repo: OtaApplicationsRepository;
  /** The `ota` area of the content-addressed file store (DATA_DIR/files/ota). */
  store: FileStore;
  signingKey: KeyObject;
  clock: () => Date;
}

/** A package already written to a temp file of the store (the route streams the upload there). */
export interface UploadedPackage {
  tempPath: string;
  filename: string;
}

/** Firmware packages (docs/api-ota.md "Applications"): stored by sha256, each with a signed manifest. */
export function createOtaApplicationsService(deps: OtaApplicationsDeps) {
  const { repo, store } = deps;
  return {
    async list(scope: Scope, query: OtaApplicationListQuery): Promise<ListResult<OtaApplicationRow>> {
      const { limit, offset } = pageWindow(query);
      const { rows, total } = await repo.list(scope, query, limit, offset);
      return { rows: rows.map(toApplicationRow), total };
    },

    async get(scope: Scope, id: number): Promise<OtaApplicationRow> {
      const row = await repo.get(scope, id);
      if (!row) throw notFound('application');
      return toApplicationRow(row);
    },

    /** Hashes and stores the bytes, signs `{artifact, models, version, counter, expires}`, keeps the row. */
    async create(
      scope: Scope,
      fields: OtaApplicationUploadFields,
      upload: UploadedPackage,
    ): Promise<OtaApplicationRow> {
      const { hash, size } = await store.put(upload.tempPath);
      const expires = Math.floor(deps.clock().getTime() / 1000) + fields.expires_days * 86_400;
      const signed = signManifest(
        {
          artifact: { sha256: hash, size },
          models: fields.models,
          version: fields.version,
          counter: fields.counter,
          expires,
        },
        deps.signingKey,
      );
      try {
        const row = await repo.insert({
          ownerUserId: scope.dataOwnerId,
          name: fields.name,
          version: fields.version,
          models: fields.models,
          counter: fields.counter,
          notes: fields.notes,
          sha256: hash,
          size,
          filename: upload.filename.slice(0, 255),
          manifest: signed.manifest,
          signature: signed.signature,
        });
        return toApplicationRow(row);
      } catch (error) {
        if (!(await repo.hashStillUsed(hash, 0).catch(() => true))) await store.remove(hash);
        throw error;
      }
    },

    /** Refused while a plan refers to it; the file goes when no other application names the same bytes. */
    async remove(scope: Scope, id: number): Promise<void> {
      const row = await repo.get(scope, id);
      if (!row) throw notFound('application');
      const plan = await repo.planUsing(id);
      if (plan) throw userMessage('ota.applicationInUse', { plan: plan.name });
      await repo.remove(id);
      if (!(await repo.hashStillUsed(row.sha256, id))) await store.remove(row.sha256);
    },
  };
}

export type OtaApplicationsService = ReturnType<typeof createOtaApplicationsService>;
