import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor, Tx } from '../../platform/db/client.js';
import { ownerPathInScope } from '../../platform/tenancy/scope.js';
import { contacts, noticeOutbox } from '../contacts/contacts.table.js';
import { devices } from '../devices/devices.table.js';
import { exportJobs } from '../exports/exports.table.js';
import { deviceGroups } from '../groups/groups.table.js';
import { users } from '../users/users.table.js';
import { reportSchedules } from './reports.table.js';

export type ScheduleRecord = typeof reportSchedules.$inferSelect & { subjectTitle: string };
export type ScheduleValues = Omit<typeof reportSchedules.$inferInsert, 'id' | 'createdAt'>;
export type ExportJobRecord = typeof exportJobs.$inferSelect;
export type NewExportJob = Omit<typeof exportJobs.$inferInsert, 'id'>;

/** Stored `params` of a schedule: the report subject without the time range. */
export interface ScheduleParams {
  device_id: number | null;
  group_id: number | null;
  point_names: string[];
}

/** A finished (or failed) export of a schedule whose e-mails were not written yet. */
export interface PendingDelivery {
  scheduleId: number;
  exportId: number;
  status: string;
  error: string;
  contactIds: number[];
}

const subjectTitle = sql<string>`coalesce(
  (select ${devices.title} from ${devices} where ${devices.id} = (${reportSchedules.params}->>'device_id')::int),
  (select ${deviceGroups.name} from ${deviceGroups} where ${deviceGroups.id} = (${reportSchedules.params}->>'group_id')::int),
  '')`;
const columns = { schedule: reportSchedules, subjectTitle };
const toRecord = (r: {
  schedule: typeof reportSchedules.$inferSelect;
  subjectTitle: string;
}): ScheduleRecord => ({
  ...r.schedule,
  subjectTitle: r.subjectTitle ?? '',
});

/** SQL of the scheduled reports (docs/api-datacenter.md "Scheduled reports"). */
export function createSchedulesRepository(db: Executor) {
  return {
    async list(userId: number, limit: number, offset: number) {
      const where = eq(reportSchedules.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(reportSchedules)
          .where(where)
          .orderBy(desc(reportSchedules.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(reportSchedules).where(where),
      ]);
      return { rows: rows.map(toRecord), total: total?.total ?? 0 };
    },

    /** The schedule when `userId` owns it. */
    async findOwn(userId: number, id: number): Promise<ScheduleRecord | null> {
      const [row] = await db
        .select(columns)
        .from(reportSchedules)
        .where(and(eq(reportSchedules.id, id), eq(reportSchedules.userId, userId)));
      return row ? toRecord(row) : null;
    },

    async insert(values: ScheduleValues, now: Date): Promise<number> {
      const [row] = await db
        .insert(reportSchedules)
        .values({ ...values, createdAt: now })
        .returning({ id: reportSchedules.id });
      return row!.id;
    },

    async update(id: number, values: Partial<ScheduleValues>): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db.update(reportSchedules).set(values).where(eq(reportSchedules.id, id));
    },

    async remove(id: number): Promise<void> {
      await db.delete(reportSchedules).where(eq(reportSchedules.id, id));
    },

    /** Of `ids`, the contacts the caller sees (as /trigger/contact) with their e-mail address. */
    async visibleContacts(scope: Scope, ids: readonly number[]): Promise<{ id: number; email: string }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: contacts.id, email: contacts.email })
        .from(contacts)
        .innerJoin(users, eq(users.id, contacts.ownerUserId))
        .where(and(inArray(contacts.id, [...ids]), ownerPathInScope(scope)));
    },

    /** Queued or running exports of the user (the per-user limit of the exports module). */
    async activeExports(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(exportJobs)
        .where(and(eq(exportJobs.userId, userId), inArray(exportJobs.status, ['queued', 'running'])));
      return row?.n ?? 0;
    },

    async insertExport(values: NewExportJob, tx: Executor = db): Promise<ExportJobRecord> {
      const [row] = await tx.insert(exportJobs).values(values).returning();
      return row!;
    },

    /** Records a run: the export it queued and, for the scheduler, the next run. */
    async recordRun(
      id: number,
      run: { exportId: number; at: Date; nextRunAt?: Date },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(reportSchedules)
        .set({
          lastExportId: run.exportId,
          lastRunAt: run.at,
          lastError: '',
          ...(run.nextRunAt ? { nextRunAt: run.nextRunAt } : {}),
        })
        .where(eq(reportSchedules.id, id));
    },

    /**
     * Runs `fn` in a transaction over up to `limit` enabled schedules due by `now`, locked with
     * FOR UPDATE SKIP LOCKED so that each due schedule is taken by one instance only.
     */
    async withDue<T>(
      now: Date,
      limit: number,
      fn: (due: (typeof reportSchedules.$inferSelect)[], tx: Tx) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(reportSchedules)
          .where(and(eq(reportSchedules.enabled, true), lte(reportSchedules.nextRunAt, now)))
          .orderBy(reportSchedules.nextRunAt, reportSchedules.id)
          .limit(limit)
          .for('update', { skipLocked: true });
        return fn(due, tx);
      });
    },

    /**
     * Runs `fn` over schedules whose last export ended (done, failed or expired) and was not handled
     * yet: no outbox row points at it and no error was recorded. Locked like withDue.
     */
    async withPendingDeliveries<T>(limit: number, fn: (pending: PendingDelivery[], tx: Tx) => Promise<T>) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({
            scheduleId: reportSchedules.id,
            exportId: exportJobs.id,
            status: exportJobs.status,
            error: exportJobs.error,
            contactIds: reportSchedules.contactIds,
          })
          .from(reportSchedules)
          .innerJoin(exportJobs, eq(exportJobs.id, reportSchedules.lastExportId))
          .where(
            and(
              eq(reportSchedules.lastError, ''),
              inArray(exportJobs.status, ['done', 'failed', 'expired']),
              sql`not exists (select 1 from ${noticeOutbox} where ${noticeOutbox.exportId} = ${exportJobs.id})`,
            ),
          )
          .orderBy(reportSchedules.id)
          .limit(limit)
          .for('update', { of: reportSchedules, skipLocked: true });
        return fn(
          rows.map((r) => ({ ...r, contactIds: (r.contactIds as number[]) ?? [] })),
          tx,
        );
      });
    },

    /** Existing contacts of `ids` that have an e-mail address. */
    async mailableContacts(ids: readonly number[], tx: Executor = db): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(inArray(contacts.id, [...ids]), sql`${contacts.email} <> ''`));
      return rows.map((r) => r.id);
    },

    /**
     * One pending e-mail per contact for the export; returns how many were written. The insert is its
     * own statement (a fresh snapshot under READ COMMITTED), so a second instance that got the schedule's
     * lock right after the first committed sees those rows and writes none.
     */
    async queueEmails(exportId: number, contactIds: readonly number[], now: Date, tx: Executor = db) {
      const result = await tx.execute(sql`
        insert into ${noticeOutbox} (contact_id, export_id, channel, status, created_at, next_attempt_at)
        select c.id, ${exportId}, 'email', 'pending', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
          from unnest(${sql.param([...contactIds])}::int[]) as c(id)
         where not exists (select 1 from ${noticeOutbox} o where o.export_id = ${exportId})
        returning id`);
      return ((result as unknown as { rows: unknown[] }).rows ?? []).length;
    },

    async setError(id: number, error: string, tx: Executor = db): Promise<void> {
      await tx
        .update(reportSchedules)
        .set({ lastError: error.slice(0, 500) || 'failed' })
        .where(eq(reportSchedules.id, id));
    },
  };
}

export type SchedulesRepository = ReturnType<typeof createSchedulesRepository>;
