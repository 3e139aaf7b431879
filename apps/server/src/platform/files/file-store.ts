import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { copyFile, link, mkdir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * Content-addressed file store under `<dataDir>/files`: a file is named by the sha256 of its bytes
 * (`files/sha256/<2 hex>/<hash>`), so the same content is stored once. Temp files live in `files/tmp`
 * (same file system, so `put` is a rename, not a copy).
 */
export interface FileStore {
  /** Hashes the temp file and moves it into the store; an existing file with that hash is kept. */
  put(tempPath: string): Promise<{ hash: string; size: number }>;
  /** Absolute path of a stored file (throws on a malformed hash). */
  path(hash: string): string;
  exists(hash: string): Promise<boolean>;
  /** Deletes a stored file; a missing file is not an error. */
  remove(hash: string): Promise<void>;
  /** A fresh temp file path under `files/tmp` (the folder is created if missing). */
  tempPath(suffix: string): string;
  /** Creates the store folders (optional; put and tempPath create what they need). */
  ensureDirs(): Promise<void>;
  readonly root: string;
  /** The area's folder of stored files (`<root>/<area>`), for the area's sweep. */
  readonly dir: string;
}

const HASH_RE = /^[0-9a-f]{64}$/;

export function isFileHash(value: unknown): value is string {
  return typeof value === 'string' && HASH_RE.test(value);
}

function assertHash(hash: string): void {
  if (!isFileHash(hash)) throw new Error('invalid file hash');
}

function errCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}

async function sha256File(file: string): Promise<{ hash: string; size: number }> {
  const h = createHash('sha256');
  let size = 0;
  await pipeline(createReadStream(file), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      size += chunk.length;
      h.update(chunk);
    }
  });
  return { hash: h.digest('hex'), size };
}

/**
 * `area` keeps kinds of content apart (`sha256` export files, `ota` firmware packages): a sweep of one
 * area never removes another's files, and a hash served for one kind can never name another.
 */
export function createFileStore(dataDir: string, area = 'sha256'): FileStore {
  if (!/^[a-z0-9-]+$/.test(area)) throw new Error('invalid file store area');
  const root = join(dataDir, 'files');
  const tmpDir = join(root, 'tmp');
  const hashDir = join(root, area);

  const pathOf = (hash: string): string => {
    assertHash(hash);
    return join(hashDir, hash.slice(0, 2), hash);
  };

  const safeUnlink = async (file: string): Promise<void> => {
    try {
      await unlink(file);
    } catch (err) {
      if (errCode(err) !== 'ENOENT') throw err;
    }
  };

  return {
    root,
    dir: hashDir,
    async ensureDirs() {
      await mkdir(tmpDir, { recursive: true });
      await mkdir(hashDir, { recursive: true });
    },
    tempPath(suffix) {
      const clean = suffix
        .replace(/[^A-Za-z0-9._-]/g, '')
        .replace(/\.{2,}/g, '.')
        .slice(0, 16);
      mkdirSync(tmpDir, { recursive: true });
      return join(tmpDir, `${Date.now()}-${randomUUID()}${clean}`);
    },
    path: pathOf,
    async exists(hash) {
      if (!isFileHash(hash)) return false;
      try {
        return (await stat(pathOf(hash))).isFile();
      } catch (err) {
        if (errCode(err) === 'ENOENT') return false;
        throw err;
      }
    },
    async remove(hash) {
      await safeUnlink(pathOf(hash));
    },
    async put(tempPath) {
      const { hash, size } = await sha256File(tempPath);
      const target = pathOf(hash);
      await mkdir(dirname(target), { recursive: true });
      try {
        // link fails with EEXIST when the content is already stored: the old file stays untouched.
        await link(tempPath, target);
      } catch (err) {
        const code = errCode(err);
        if (code !== 'EEXIST') {
          // File systems without hard links (or another device): fall back to a move when absent.
          let present = false;
          try {
            present = (await stat(target)).isFile();
          } catch {
            present = false;
          }
          if (!present) {
            try {
              await rename(tempPath, target);
              return { hash, size };
            } catch (renameErr) {
              if (errCode(renameErr) !== 'EXDEV') throw renameErr;
              await copyFile(tempPath, target);
            }
          }
        }
      }
      await safeUnlink(tempPath);
      return { hash, size };
    },
  };
}
