import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ExportJobRow, ListResult } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../../platform/files/file-store.js';
import { call, createDevice, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createExportWorker, type ExportWorker } from './export-worker.js';
import { createExportUser } from './exports.fixtures.js';
import { exportJobs } from './exports.table.js';
import type { ExportSource, SourceFactory } from './sources/types.js';

type User = Awaited<ReturnType<typeof createExportUser>>;

let t: TestApp;
let owner: User;
const DAY_S = 86_400;

/** Rows the test source yields, page by page; a page may wait for the test to let it go. */
let pages: (string[][] | (() => Promise<string[][]>))[] = [];
let counted = 0;
let failWith: Error | null = null;
const testSource: SourceFactory<'devices'> = async (): Promise<ExportSource> => {
  if (failWith) throw failWith;
  return {
    header: ['name'],
    count: async () => counted,
    async *pages() {
      for (const page of pages) yield typeof page === 'function' ? await page() : page;
    },
  };
};

let worker: ExportWorker;

const post = (body: object) =>
  call<ExportJobRow>(t.app, 'POST', '/dataCenter/export', { token: owner.token, body });
const jobOf = async (id: number) => {
  const [row] = await t.database.db.select().from(exportJobs).where(eq(exportJobs.id, id));
  return row;
};
const storedFiles = () => {
  const root = join(t.dataDir, 'files', 'sha256');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((dir) => readdirSync(join(root, dir)));
};
const tempFiles = () => {
  const root = join(t.dataDir, 'files', 'tmp');
  return existsSync(root) ? readdirSync(root) : [];
};

beforeAll(async () => {
  t = await createTestApp();
  // This file drives its own worker (with a test source); the app's one stays out of the way.
  await t.app.exportWorker.stop();
  worker = createExportWorker({
    database: t.database,
    bus: t.runtime.bus,
    clock: t.clock,
    store: createFileStore(t.dataDir),
    instanceId: 'test-worker',
    sources: { devices: testSource },
  });
  owner = await createExportUser(t, ['ExportFile', 'DeviceManage']);
  await createDevice(t.database, { ownerUserId: owner.user.id });
});

afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

describe('export worker', () => {
  it('stops writing and stores nothing when the job is deleted while it runs', async () => {
    let reachedSecondPage!: () => void;
    const reached = new Promise<void>((resolve) => {
      reachedSecondPage = resolve;
    });
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    pages = [
      [['a'], ['b']],
      async () => {
        reachedSecondPage();
        await gate;
        return [['c']];
      },
      [['d']],
    ];
    counted = 4;
    const res = await post({ kind: 'devices', params: {}, format: 'csv' });
    const run = worker.runOnce();
    await reached;
    const running = await call<ListResult<ExportJobRow>>(t.app, 'GET', '/dataCenter/fileDownload', {
      token: owner.token,
    });
    expect(running.body.data.rows.find((r) => r.id === res.body.data.id)).toMatchObject({
      status: 'running',
      rows: 2,
      progress: 50,
      format: 'csv',
    });
    const del = await call(t.app, 'DELETE', `/dataCenter/fileDownload/${res.body.data.id}`, {
      token: owner.token,
    });
    expect(del.body.code).toBe(0);
    letGo();
    await run;
    expect(await jobOf(res.body.data.id)).toBeUndefined();
    expect(storedFiles()).toEqual([]);
    expect(tempFiles()).toEqual([]);
  });

  it('stores the same content once, and the sweep deletes it when no live job points at it', async () => {
    pages = [[['same'], ['rows']]];
    counted = 2;
    const a = await post({ kind: 'devices', params: {}, format: 'csv' });
    await worker.runOnce();
    const b = await post({ kind: 'devices', params: {}, format: 'csv' });
    await worker.runOnce();
    const [jobA, jobB] = [await jobOf(a.body.data.id), await jobOf(b.body.data.id)];
    expect(jobA).toMatchObject({ status: 'done', rows: 2 });
    expect(jobB!.fileHash).toBe(jobA!.fileHash);
    expect(storedFiles()).toEqual([jobA!.fileHash]);

    // Deleting one keeps the file the other still offers.
    await call(t.app, 'DELETE', `/dataCenter/fileDownload/${a.body.data.id}`, { token: owner.token });
    expect(storedFiles()).toEqual([jobA!.fileHash]);
    const download = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/dataCenter/fileDownload/${b.body.data.id}/file`,
        headers: { 'x-token': owner.token },
      });
    expect((await download()).statusCode).toBe(200);

    // A week later the sweep expires the job and deletes the file.
    await worker.sweep();
    expect(storedFiles()).toHaveLength(1);
    t.clock.advance(8 * DAY_S);
    await worker.sweep();
    expect((await jobOf(b.body.data.id))!.status).toBe('expired');
    expect(storedFiles()).toEqual([]);
    // The week also ended the session.
    owner.token = await tokenFor(t.app, owner.user.username, owner.user.password);
    const gone = await download();
    expect([gone.statusCode, gone.json().code]).toEqual([404, 50000]);
  });

  it('takes back a running job whose worker stopped reporting, and runs it', async () => {
    pages = [[['x']]];
    counted = 1;
    const [stale] = await t.database.db
      .insert(exportJobs)
      .values({
        userId: owner.user.id,
        kind: 'devices',
        params: {},
        format: 'csv',
        status: 'running',
        lockedBy: 'crashed',
        heartbeatAt: new Date(t.clock().getTime() - 3 * 60_000),
      })
      .returning();
    const [fresh] = await t.database.db
      .insert(exportJobs)
      .values({
        userId: owner.user.id,
        kind: 'devices',
        params: {},
        format: 'csv',
        status: 'running',
        lockedBy: 'alive',
        heartbeatAt: new Date(t.clock().getTime() - 60_000),
      })
      .returning();
    await worker.runOnce();
    expect(await jobOf(stale!.id)).toMatchObject({ status: 'done', lockedBy: '', rows: 1 });
    expect(await jobOf(fresh!.id)).toMatchObject({ status: 'running', lockedBy: 'alive' });
    await t.database.db.delete(exportJobs).where(eq(exportJobs.id, fresh!.id));
  });

  it('fails with a readable message and never with internals', async () => {
    failWith = new Error('relation "secret_table" does not exist');
    const a = await post({ kind: 'devices', params: {}, format: 'csv' });
    await worker.runOnce();
    expect(await jobOf(a.body.data.id)).toMatchObject({
      status: 'failed',
      error: 'export failed: internal error',
    });
    failWith = null;

    pages = [];
    counted = 1_500_000;
    const b = await post({ kind: 'devices', params: {}, format: 'xlsx' });
    await worker.runOnce();
    const failed = await jobOf(b.body.data.id);
    expect(failed!.status).toBe('failed');
    expect(failed!.error).toMatch(/choose csv/);
    expect(tempFiles()).toEqual([]);
  });

  it('picks csv for auto above 200,000 rows and xlsx below', async () => {
    pages = [[['one']]];
    counted = 200_001;
    const big = await post({ kind: 'devices', params: {} });
    await worker.runOnce();
    expect(await jobOf(big.body.data.id)).toMatchObject({ status: 'done', format: 'csv' });
    counted = 1;
    const small = await post({ kind: 'devices', params: {} });
    await worker.runOnce();
    expect(await jobOf(small.body.data.id)).toMatchObject({ status: 'done', format: 'xlsx' });
  });

  it("runs with the owner's permissions of the moment: a job of a user who lost them fails", async () => {
    const user = await createExportUser(t, ['ExportFile', 'DeviceManage']);
    const res = await call<ExportJobRow>(t.app, 'POST', '/dataCenter/export', {
      token: user.token,
      body: { kind: 'devices', params: {} },
    });
    expect(res.body.code).toBe(0);
    const { users } = await import('../users/users.table.js');
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.id, user.user.id));
    await worker.runOnce();
    expect(await jobOf(res.body.data.id)).toMatchObject({
      status: 'failed',
      error: 'the account is disabled or expired',
    });
  });
});
