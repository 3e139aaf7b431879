import { and, count, desc, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { users } from '../users/users.table.js';
import { exportJobs } from './exports.table.js';

export type ExportJobRecord = typeof exportJobs.$inferSelect;
export type NewExportJob = Omit<typeof exportJobs.$inferInsert, 'id'>;

const ACTIVE = ['queued', 'running'];

/** The SQL of export jobs (docs/api-datacenter.md "Exports"). */
export function createExportsRepository(db: Executor) {
  /** Updates of a job this instance runs: only while it is still ours (not deleted, not re-queued). */
  const held = (id: number, instanceId: string) =>
    and(eq(exportJobs.id, id), eq(exportJobs.status, 'running'), eq(exportJobs.lockedBy, instanceId));

  return {
    /**
     * Queues the job unless the user already has `maxActive` queued or running jobs (null then). The
     * user's row is locked so two requests at once cannot both take the last place.
     */
    async insertIfRoom(values: NewExportJob, maxActive: number): Promise<ExportJobRecord | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
        const [active] = await tx
          .select({ n: count() })
          .from(exportJobs)
          .where(and(eq(exportJobs.userId, values.userId), inArray(exportJobs.status, ACTIVE)));
        if ((active?.n ?? 0) >= maxActive) return null;
        const [row] = await tx.insert(exportJobs).values(values).returning();
        return row ?? null;
      });
    },

    async list(userId: number, status: string | undefined, limit: number, offset: number) {
      const where = and(eq(exportJobs.userId, userId), status ? eq(exportJobs.status, status) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(exportJobs)
          .where(where)
          .orderBy(desc(exportJobs.createdAt), desc(exportJobs.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(exportJobs).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findOwn(userId: number, id: number): Promise<ExportJobRecord | undefined> {
      const [row] = await db
        .select()
        .from(exportJobs)
        .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, userId)));
      return row;
    },

    async deleteOwn(userId: number, id: number): Promise<ExportJobRecord | undefined> {
      const [row] = await db
        .delete(exportJobs)
        .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, userId)))
        .returning();
      return row;
    },

    /** Whether a downloadable (done) job still points at the file. */
    async isLive(hash: string): Promise<boolean> {
      const [row] = await db
        .select({ id: exportJobs.id })
        .from(exportJobs)
        .where(and(eq(exportJobs.fileHash, hash), eq(exportJobs.status, 'done')))
        .limit(1);
      return row !== undefined;
    },

    /** Hashes of the files that done jobs point at. */
    async liveHashes(): Promise<Set<string>> {
      const rows = await db
        .selectDistinct({ hash: exportJobs.fileHash })
        .from(exportJobs)
        .where(and(eq(exportJobs.status, 'done'), ne(exportJobs.fileHash, '')));
      return new Set(rows.map((r) => r.hash));
    },

    /**
     * Takes the oldest queued job for this instance. `FOR UPDATE SKIP LOCKED` lets every instance
     * claim at once without two of them taking the same job.
     */
    async claim(instanceId: string, now: Date): Promise<ExportJobRecord | null> {
      const next = db
        .select({ id: exportJobs.id })
        .from(exportJobs)
        .where(eq(exportJobs.status, 'queued'))
        .orderBy(exportJobs.createdAt, exportJobs.id)
        .limit(1)
        .for('update', { skipLocked: true });
      const [row] = await db
        .update(exportJobs)
        .set({
          status: 'running',
          lockedBy: instanceId,
          heartbeatAt: now,
          startedAt: now,
          progress: 0,
          rows: 0,
          error: '',
        })
        .where(inArray(exportJobs.id, next))
        .returning();
      return row ?? null;
    },

    /** Running jobs whose worker stopped reporting go back to the queue. */
    async requeueStale(before: Date): Promise<number> {
      const rows = await db
        .update(exportJobs)
        .set({ status: 'queued', lockedBy: '', heartbeatAt: null, progress: 0, rows: 0 })
        .where(
          and(
            eq(exportJobs.status, 'running'),
            or(isNull(exportJobs.heartbeatAt), lt(exportJobs.heartbeatAt, before)),
          ),
        )
        .returning({ id: exportJobs.id });
      return rows.length;
    },

    /** Progress and heartbeat; false when the job is no longer ours (deleted or re-queued). */
    async report(
      id: number,
      instanceId: string,
      values: { progress?: number; rows?: number; format?: string; now: Date },
    ): Promise<boolean> {
      const { now, ...rest } = values;
      const rows = await db
        .update(exportJobs)
        .set({ ...rest, heartbeatAt: now })
        .where(held(id, instanceId))
        .returning({ id: exportJobs.id });
      return rows.length > 0;
    },

    async finish(
      id: number,
      instanceId: string,
      values: {
        rows: number;
        fileName: string;
        fileHash: string;
        fileSize: number;
        error: string;
        now: Date;
        expiresAt: Date;
      },
    ): Promise<boolean> {
      const { now, ...rest } = values;
      const rows = await db
        .update(exportJobs)
        .set({ ...rest, status: 'done', progress: 100, lockedBy: '', heartbeatAt: now, finishedAt: now })
        .where(held(id, instanceId))
        .returning({ id: exportJobs.id });
      return rows.length > 0;
    },

    async fail(id: number, instanceId: string, error: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(exportJobs)
        .set({ status: 'failed', error: error.slice(0, 500), lockedBy: '', finishedAt: now })
        .where(held(id, instanceId))
        .returning({ id: exportJobs.id });
      return rows.length > 0;
    },

    /** Gives a job this instance holds back to the queue (the app is closing). */
    async requeue(id: number, instanceId: string): Promise<void> {
      await db
        .update(exportJobs)
        .set({ status: 'queued', lockedBy: '', heartbeatAt: null, progress: 0, rows: 0 })
        .where(held(id, instanceId));
    },

    /** A done job whose file vanished (deleted with another job of the same content) fails instead. */
    async markLost(id: number, error: string): Promise<void> {
      await db
        .update(exportJobs)
        .set({ status: 'failed', error, fileHash: '', fileSize: 0 })
        .where(and(eq(exportJobs.id, id), eq(exportJobs.status, 'done')));
    },

    /** Done jobs past their expiry become 'expired' (no longer downloadable). */
    async expire(now: Date): Promise<number> {
      const rows = await db
        .update(exportJobs)
        .set({ status: 'expired' })
        .where(and(eq(exportJobs.status, 'done'), lt(exportJobs.expiresAt, now)))
        .returning({ id: exportJobs.id });
      return rows.length;
    },
  };
}

export type ExportsRepository = ReturnType<typeof createExportsRepository>;
