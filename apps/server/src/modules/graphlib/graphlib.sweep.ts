import { unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/client.js';
import { isFileHash } from '../../platform/files/file-store.js';
import { staleStoredFiles } from '../../platform/files/stale-files.js';
import type { JobLayer } from '../../platform/jobs/job-layer.js';
import { createGraphlibRepository, type GraphlibRepository } from './graphlib.repository.js';
import { createGraphlibStore, type GraphlibStore, graphlibStoreDir } from './graphlib.store.js';

/** Files younger than this are left alone (an upload may be between its file and its commit). */
export const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Removes stored files no row holds any more (rows cascade away with a deleted user, which never
 * passes through the service) and temporary files left by a crash. Each removal re-checks under the
 * hash's lock, so it never races an upload of the same content.
 */
export function createGraphlibSweep(deps: {
  repo: GraphlibRepository;
  store: GraphlibStore;
  dataDir: string;
  clock: () => Date;
}): () => Promise<number> {
  const root = graphlibStoreDir(deps.dataDir);
  return async () => {
    let removed = 0;
    for await (const batch of staleStoredFiles(root, deps.clock().getTime() - SWEEP_MIN_AGE_MS)) {
      for (const { name, path } of batch) {
        if (name.endsWith('.tmp')) {
          await unlink(path).catch(() => undefined);
          removed += 1;
          continue;
        }
        if (!isFileHash(name) || !name.startsWith(basename(dirname(path)))) continue;
        const gone = await deps.repo.transaction(async (tx) => {
          await deps.repo.lockHash(name, tx);
          if (await deps.repo.hashUsed(name, undefined, tx)) return false;
          await deps.store.remove(name);
          return true;
        });
        if (gone) removed += 1;
      }
    }
    return removed;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The graph library's file sweep (tests call it directly). */
    graphlibSweep: () => Promise<number>;
  }
}

/** The sweep on the leader, every 6 hours (not at start-up). */
export function registerGraphlibSweep(
  app: FastifyInstance,
  deps: { database: Database; config: Pick<Config, 'DATA_DIR'>; clock: () => Date; jobs: JobLayer },
): void {
  const sweep = createGraphlibSweep({
    repo: createGraphlibRepository(deps.database.db),
    store: createGraphlibStore(deps.config.DATA_DIR),
    dataDir: deps.config.DATA_DIR,
    clock: deps.clock,
  });
  app.decorate('graphlibSweep', sweep);
  // Not on taking the lead (start-up): a large folder would hold PGlite's one connection then.
  deps.jobs.onLeader('graphlib sweep', SWEEP_EVERY_MS, async (reason) =>
    reason === 'interval' ? sweep() : 0,
  );
}
