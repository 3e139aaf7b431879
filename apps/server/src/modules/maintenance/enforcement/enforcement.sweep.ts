import type { Config } from '../../../config.js';
import type { Database } from '../../../platform/db/client.js';
import { createFileStore, type FileStore, isFileHash } from '../../../platform/files/file-store.js';
import { staleStoredFiles } from '../../../platform/files/stale-files.js';
import type { JobLayer } from '../../../platform/jobs/job-layer.js';
import { createEnforcementRepository, type EnforcementRepository } from './enforcement.repository.js';

/** An upload no create names within a day is forgotten (docs/maintenance.md "Law enforcement records"). */
export const ENFORCEMENT_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Files younger than this are left alone (an upload may be between its file and its row). */
const MIN_FILE_AGE_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

export const ENFORCEMENT_STORE_AREA = 'enforcement';

/**
 * Evidence an officer uploaded but never named in a record (the form was abandoned) would stay on
 * disk for ever: the sweep forgets uploads older than a day, then removes the stored files no record
 * and no pending upload holds. Each removal re-checks under the hash's lock, which uploads and creates
 * take too, so it never races them. Records' files are never removed: the chain is append-only.
 */
export function createEnforcementSweep(deps: {
  repo: EnforcementRepository;
  store: FileStore;
  clock: () => Date;
}): () => Promise<{ uploads: number; files: number }> {
  const { repo, store, clock } = deps;
  return async () => {
    const now = clock().getTime();
    const uploads = await repo.dropUploadsBefore(new Date(now - ENFORCEMENT_UPLOAD_TTL_MS));
    let files = 0;
    for await (const batch of staleStoredFiles(store.dir, now - MIN_FILE_AGE_MS)) {
      const hashes = batch.map((f) => f.name).filter(isFileHash);
      const held = await repo.heldHashes(hashes);
      for (const hash of hashes) {
        if (held.has(hash)) continue;
        const gone = await repo.transaction(async (tx) => {
          await repo.lockHash(hash, tx);
          if ((await repo.heldHashes([hash], tx)).size > 0) return false;
          await store.remove(hash);
          return true;
        });
        if (gone) files += 1;
      }
    }
    return { uploads, files };
  };
}

/** The sweep on the leader every 6 hours (not at start-up, where it would hold PGlite's connection). */
export function registerEnforcementSweep(deps: {
  database: Database;
  config: Pick<Config, 'DATA_DIR'>;
  clock: () => Date;
  jobs: JobLayer;
}) {
  const sweep = createEnforcementSweep({
    repo: createEnforcementRepository(deps.database.db),
    store: createFileStore(deps.config.DATA_DIR, ENFORCEMENT_STORE_AREA),
    clock: deps.clock,
  });
  return deps.jobs.onLeader('enforcement file sweep', SWEEP_EVERY_MS, async (reason) =>
    reason === 'interval' ? (await sweep()).files : 0,
  );
}
