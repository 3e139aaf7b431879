import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { EXPORT_MAX_ROWS, EXPORT_TTL_DAYS, type ExportKind } from '@fleet/contracts';
import { hasPermission } from '../../platform/auth/scope.js';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Database } from '../../platform/db/client.js';
import { type FileStore, isFileHash } from '../../platform/files/file-store.js';
import { AppError } from '../../platform/http/errors.js';
import type { JobLayer } from '../../platform/jobs/job-layer.js';
import { createTask } from '../../platform/jobs/task.js';
import { buildBackgroundScopes } from '../auth/authenticator.js';
import { decideFormat, exportFileName, languageOf, progressOf, rowLimit } from './export-job.js';
import { EXPORT_KIND_RULES, parseExportParams } from './export-params.js';
import { createExportWriter, type ExportWriter } from './export-writer.js';
import { createExportsRepository, type ExportJobRecord } from './exports.repository.js';
import { EXPORT_SOURCES } from './sources/index.js';
import { ExportFailure, type ReportFunction, type SourceFactory } from './sources/types.js';

/** Bus channel: a job was queued; every instance's worker looks for work now. */
export const EXPORT_WAKE = 'export.wake';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
/** A running job whose heartbeat is older than this is taken back into the queue. */
export const EXPORT_STALE_MS = 120 * SECOND;
/** Between passes when nothing wakes the worker (stale jobs of crashed instances, other instances' jobs). */
const IDLE_PASS_MS = 5 * SECOND;
/** Heartbeat while a single step (a slow page, hashing a big file) takes long. */
const HEARTBEAT_MS = 30 * SECOND;
const SWEEP_MS = HOUR;
/** Stored files younger than this are never swept (a job may be between storing and recording it). */
const SWEEP_GRACE_MS = HOUR;
/** Temp files of interrupted jobs are deleted after a day. */
const TEMP_MAX_AGE_MS = 24 * HOUR;
const DEFAULT_PAGE_SIZE = 2000;

export interface ExportWorkerDeps {
  database: Database;
  bus: EventBus;
  clock: () => Date;
  store: FileStore;
  /** Names this instance on the jobs it holds (locked_by). */
  instanceId: string;
  logger?: { warn(object: object, message: string): void };
  /** The data report of the reports module (report exports fail without it). */
  report?: ReportFunction;
  /** Rows per page (default 2,000). */
  pageSize?: number;
  /** Idle pass period on the job layer (default 5 s); also the leader's stale re-queue period. */
  intervalMs?: number;
  /**
   * The job layer: job passes on every instance (timer and EXPORT_WAKE), the stale re-queue and the
   * file sweep on the leader. Without it only runOnce() and sweep() run them.
   */
  jobs?: JobLayer;
  /** Sources by kind (default EXPORT_SOURCES). */
  sources?: Partial<{ [K in ExportKind]: SourceFactory<K> }>;
}

export interface ExportWorker {
  /** Asks for a pass soon (coalesced with one under way). */
  wake(): void;
  /** One full pass after any under way: re-queues stale jobs, then runs queued jobs one at a time. */
  runOnce(): Promise<void>;
  /** Marks done jobs past expires_at expired and deletes files no downloadable job points at. */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The export worker (docs/api-datacenter.md "Exports"): a consumer of the job layer on every instance,
 * one job at a time; the leader re-queues jobs of crashed instances and sweeps expired files.
 */
export function createExportWorker(deps: ExportWorkerDeps): ExportWorker {
  const { clock, store, instanceId } = deps;
  const db = deps.database.db;
  const repo = createExportsRepository(db);
  const scopeOfUser = buildBackgroundScopes(db);
  const pageSize = deps.pageSize ?? DEFAULT_PAGE_SIZE;
  const sources = { ...EXPORT_SOURCES, ...deps.sources } as Record<ExportKind, SourceFactory>;

  const intervalMs = deps.intervalMs ?? IDLE_PASS_MS;
  const loop = deps.jobs
    ? deps.jobs.onEveryInstance('export worker', { pass: () => pass(), intervalMs, wake: EXPORT_WAKE })
    : createTask('export worker', () => pass(), deps.logger);
  const requeue = deps.jobs
    ? deps.jobs.onLeader('export re-queue', intervalMs, () => requeueStale())
    : createTask('export re-queue', () => requeueStale(), deps.logger);
  const sweeper = deps.jobs
    ? deps.jobs.onLeader('export sweep', SWEEP_MS, () => sweep())
    : createTask('export sweep', () => sweep(), deps.logger);

  const removeQuietly = (file: string) => unlink(file).catch(() => undefined);

  /** Why a job failed, as the user may read it: our own messages, never internals or stacks. */
  function messageOf(error: unknown, job: ExportJobRecord): string {
    if (error instanceof ExportFailure || error instanceof AppError) return error.message;
    deps.logger?.warn({ err: error, exportId: job.id }, 'export failed');
    return 'export failed: internal error';
  }

  /** The owner's scope now (not when the job was queued), with the permissions the export needs. */
  async function ownerScope(job: ExportJobRecord, kind: ExportKind) {
    const scope = await scopeOfUser(job.userId, clock());
    if (!scope) throw new ExportFailure('the account is disabled or expired');
    const allowed =
      hasPermission(scope, 'ExportFile') &&
      EXPORT_KIND_RULES[kind].permissions.some((p) => hasPermission(scope, p));
    if (!allowed) throw new ExportFailure('no permission');
    return scope;
  }

  async function runJob(job: ExportJobRecord): Promise<void> {
    const temp = store.tempPath('.part');
    let writer: ExportWriter | null = null;
    let lost = false;
    const heartbeat = setInterval(() => {
      repo.report(job.id, instanceId, { now: clock() }).then(
        (mine) => {
          if (!mine) lost = true;
        },
        () => undefined,
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const kind = job.kind as ExportKind;
      if (!sources[kind]) throw new ExportFailure(`unknown export kind ${job.kind}`);
      const scope = await ownerScope(job, kind);
      const params = parseExportParams(kind, (job.params ?? {}) as Record<string, string>);
      const source = await sources[kind](
        { db, scope, lang: languageOf(job.lang), tz: job.tz, clock, pageSize, report: deps.report },
        params as never,
      );
      const total = await source.count(EXPORT_MAX_ROWS + 1);
      const format = decideFormat(job.format, total);
      const limit = rowLimit(format);
      if (!(await repo.report(job.id, instanceId, { format, now: clock() }))) return;
      writer = await createExportWriter(format, temp, source.header, {
        sheetName: job.kind,
        widths: source.widths,
      });

      let written = 0;
      let cut = false;
      for await (const page of source.pages()) {
        const room = limit - written;
        const rows = page.length > room ? page.slice(0, room) : page;
        cut = page.length > room;
        await writer.write(rows);
        written += rows.length;
        const mine = await repo.report(job.id, instanceId, {
          progress: progressOf(written, Math.min(total, limit)),
          rows: written,
          now: clock(),
        });
        // Deleted (cancelled), re-queued by another instance, or the app is closing.
        if (!mine || lost || loop.stopped) {
          await writer.abort();
          writer = null;
          if (mine && loop.stopped) await repo.requeue(job.id, instanceId);
          return;
        }
        if (cut || written >= limit) break;
        // Let HTTP requests in between pages.
        await yieldToEventLoop();
      }
      await writer.finish();
      writer = null;
      const { hash, size } = await store.put(temp);
      const now = clock();
      const finished = await repo.finish(job.id, instanceId, {
        rows: written,
        fileName: exportFileName(job, now, job.tz, format),
        fileHash: hash,
        fileSize: size,
        error: cut ? `cut at ${limit.toLocaleString('en-US')} rows` : '',
        now,
        expiresAt: new Date(now.getTime() + EXPORT_TTL_DAYS * 24 * HOUR),
      });
      if (!finished) {
        // Deleted while the file was being stored.
        if (!(await repo.isLive(hash))) await store.remove(hash);
        return;
      }
      // Deleting another job with the same content may have removed the file just before we recorded it.
      if (!(await store.exists(hash))) await repo.markLost(job.id, 'the file was lost: export again');
    } catch (error) {
      await writer?.abort();
      writer = null;
      await repo.fail(job.id, instanceId, messageOf(error, job), clock()).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
      await removeQuietly(temp);
    }
  }

  /** Jobs whose holder stopped heartbeating (a crashed instance) go back to the queue, and a pass looks. */
  async function requeueStale(): Promise<void> {
    if (loop.stopped) return;
    const requeued = await repo.requeueStale(new Date(clock().getTime() - EXPORT_STALE_MS));
    if (requeued > 0) deps.bus.publish(EXPORT_WAKE, {});
  }

  async function pass(): Promise<void> {
    if (loop.stopped) return; // a pass queued before stop(), or runOnce() after it
    while (!loop.stopped) {
      const job = await repo.claim(instanceId, clock());
      if (!job) return;
      await runJob(job);
    }
  }

  async function sweep(): Promise<void> {
    if (loop.stopped) return;
    const now = clock().getTime();
    await repo.expire(new Date(now));
    const live = await repo.liveHashes();
    const hashRoot = join(store.root, 'sha256');
    const folders = await readdir(hashRoot).catch(() => [] as string[]);
    for (const folder of folders) {
      const names = await readdir(join(hashRoot, folder)).catch(() => [] as string[]);
      for (const name of names) {
        if (!isFileHash(name) || live.has(name)) continue;
        const info = await stat(store.path(name)).catch(() => null);
        if (info && now - info.mtimeMs > SWEEP_GRACE_MS) await store.remove(name);
      }
    }
    const tmpRoot = join(store.root, 'tmp');
    for (const name of await readdir(tmpRoot).catch(() => [] as string[])) {
      const file = join(tmpRoot, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile() && now - info.mtimeMs > TEMP_MAX_AGE_MS) await removeQuietly(file);
    }
  }

  return {
    wake: loop.kick,
    runOnce: async () => {
      await requeue.run(requeueStale).catch(() => undefined);
      await loop.run(pass).catch(() => undefined);
    },
    sweep: async () => void (await sweeper.run(sweep).catch(() => undefined)),
    async stop() {
      await Promise.all([loop.stop(), requeue.stop(), sweeper.stop()]);
    },
  };
}
