import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isFileHash } from '../../platform/files/file-store.js';

/**
 * The graph library's content-addressed store, `DATA_DIR/files/graphlib/<2 hex>/<hash>`: inside the
 * folder every instance shares (deploy/compose.yaml mounts DATA_DIR/files), apart from the export
 * files (`files/sha256`), so a served hash can only ever name a symbol. DATA_DIR is outside the web
 * root; nothing here takes a path from a request, only a hash checked against /^[0-9a-f]{64}$/.
 */
export interface GraphlibStore {
  /** Stores the bytes under their hash; content already stored is kept as it is. */
  save(hash: string, bytes: Buffer): Promise<void>;
  /** The stored bytes, or null (a malformed hash never reaches the file system). */
  read(hash: string): Promise<Buffer | null>;
  remove(hash: string): Promise<void>;
}

export function graphlibStoreDir(dataDir: string): string {
  return join(dataDir, 'files', 'graphlib');
}

const code = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code;

export function createGraphlibStore(dataDir: string): GraphlibStore {
  const root = graphlibStoreDir(dataDir);
  const pathOf = (hash: string) => {
    if (!isFileHash(hash)) throw new Error('invalid file hash');
    return join(root, hash.slice(0, 2), hash);
  };
  return {
    async save(hash, bytes) {
      const target = pathOf(hash);
      const dir = join(root, hash.slice(0, 2));
      await mkdir(dir, { recursive: true });
      // Written whole under a temporary name, then linked: a reader never sees half a file.
      const temp = join(dir, `.${randomUUID()}.tmp`);
      await writeFile(temp, bytes, { mode: 0o644 });
      try {
        await link(temp, target);
      } catch (err) {
        if (code(err) !== 'EEXIST') throw err;
      } finally {
        await unlink(temp).catch(() => undefined);
      }
    },
    async read(hash) {
      if (!isFileHash(hash)) return null;
      try {
        return await readFile(pathOf(hash));
      } catch (err) {
        if (code(err) === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(hash) {
      if (!isFileHash(hash)) return;
      await unlink(pathOf(hash)).catch((err) => {
        if (code(err) !== 'ENOENT') throw err;
      });
    },
  };
}
