import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createFileStore, isFileHash } from '../../platform/files/file-store.js';

/**
 * The graph library's own content-addressed store, `DATA_DIR/graphlib/files/sha256/<2 hex>/<hash>`:
 * apart from the export files (DATA_DIR/files), so a served hash can only ever name a symbol.
 * DATA_DIR is outside the web root; nothing here takes a path from a request, only a checked hash.
 */
export interface GraphlibStore {
  /** Stores the bytes under their hash; content already stored is kept as it is. */
  save(hash: string, bytes: Buffer): Promise<void>;
  /** The stored bytes, or null (a malformed hash never reaches the file system). */
  read(hash: string): Promise<Buffer | null>;
  remove(hash: string): Promise<void>;
}

export function graphlibStoreDir(dataDir: string): string {
  return join(dataDir, 'graphlib');
}

export function createGraphlibStore(dataDir: string): GraphlibStore {
  const files = createFileStore(graphlibStoreDir(dataDir));
  return {
    async save(hash, bytes) {
      if (await files.exists(hash)) return;
      const temp = files.tempPath('.upload');
      await writeFile(temp, bytes, { mode: 0o600 });
      const stored = await files.put(temp);
      if (stored.hash !== hash) {
        await files.remove(stored.hash);
        throw new Error('graphlib: stored content does not match its hash');
      }
    },
    async read(hash) {
      if (!isFileHash(hash)) return null;
      try {
        return await readFile(files.path(hash));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(hash) {
      if (isFileHash(hash)) await files.remove(hash);
    },
  };
}
