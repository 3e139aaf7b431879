import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface StaleFile {
  /** The file name: a content hash in a store, anything in a crashed write's leftovers. */
  name: string;
  path: string;
}

const list = (dir: string) => readdir(dir).catch(() => [] as string[]);

/**
 * The regular files of a content-addressed folder (`<dir>/<2 hex>/<name>`) last written before
 * `oldestMs`, one two-hex-digit folder at a time (so a sweep of a large store never holds every name
 * in memory). Younger files are skipped: an upload may be between its file and its database row.
 */
export async function* staleStoredFiles(dir: string, oldestMs: number): AsyncGenerator<StaleFile[]> {
  for (const prefix of await list(dir)) {
    if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
    const batch: StaleFile[] = [];
    for (const name of await list(join(dir, prefix))) {
      const path = join(dir, prefix, name);
      const info = await stat(path).catch(() => null);
      if (info?.isFile() && info.mtimeMs <= oldestMs) batch.push({ name, path });
    }
    if (batch.length > 0) yield batch;
  }
}
