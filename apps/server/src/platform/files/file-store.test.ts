import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStore, type FileStore, isFileHash } from './file-store.js';

let dir: string;
let store: FileStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'file-store-'));
  store = createFileStore(dir);
  await store.ensureDirs();
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('file store', () => {
  it('moves a temp file to files/sha256/<2 hex>/<hash> and reports hash and size', async () => {
    const tmp = store.tempPath('.csv');
    expect(tmp.startsWith(join(dir, 'files', 'tmp'))).toBe(true);
    writeFileSync(tmp, 'hello,world\n');
    const { hash, size } = await store.put(tmp);
    expect(hash).toBe(sha('hello,world\n'));
    expect(size).toBe(12);
    const p = store.path(hash);
    expect(p).toBe(join(dir, 'files', 'sha256', hash.slice(0, 2), hash));
    expect(readFileSync(p, 'utf8')).toBe('hello,world\n');
    expect(existsSync(tmp)).toBe(false);
    expect(await store.exists(hash)).toBe(true);
  });

  it('stores the same content once and keeps the old file', async () => {
    const a = store.tempPath('.x');
    writeFileSync(a, 'same');
    const first = await store.put(a);
    const before = statSync(store.path(first.hash));
    const b = store.tempPath('.x');
    writeFileSync(b, 'same');
    const second = await store.put(b);
    expect(second.hash).toBe(first.hash);
    expect(statSync(store.path(first.hash)).ino).toBe(before.ino);
    expect(existsSync(b)).toBe(false);
    expect(readdirSync(join(dir, 'files', 'sha256', first.hash.slice(0, 2)))).toEqual([first.hash]);
    expect(readdirSync(join(dir, 'files', 'tmp'))).toEqual([]);
  });

  it('gives distinct temp paths and strips unsafe suffix characters', () => {
    const a = store.tempPath('../../x.csv');
    const b = store.tempPath('../../x.csv');
    expect(a).not.toBe(b);
    expect(a.startsWith(join(dir, 'files', 'tmp'))).toBe(true);
    expect(a.includes('..')).toBe(false);
  });

  it('removes files and tolerates a missing one', async () => {
    const t = store.tempPath('');
    writeFileSync(t, 'bye');
    const { hash } = await store.put(t);
    await store.remove(hash);
    expect(await store.exists(hash)).toBe(false);
    await expect(store.remove(hash)).resolves.toBeUndefined();
  });

  it('rejects malformed hashes before building a path', async () => {
    expect(isFileHash('a'.repeat(64))).toBe(true);
    expect(isFileHash('A'.repeat(64))).toBe(false);
    expect(() => store.path('../../etc/passwd')).toThrow(/invalid file hash/);
    expect(() => store.path(`${'a'.repeat(63)}/`)).toThrow(/invalid file hash/);
    await expect(store.remove('../x')).rejects.toThrow(/invalid file hash/);
    expect(await store.exists('../x')).toBe(false);
  });
});
