import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * Background exports (SPEC 2.3 /dataCenter/fileDownload, docs/api-datacenter.md): one row per requested
 * file. status: 'queued' | 'running' | 'done' | 'failed' | 'expired'. The file itself lives in the content
 * store (DATA_DIR/files) under `file_hash`; rows only point at it.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'history' | 'report' | 'alarmlog' | 'devices' | 'statreport' */
    kind: text('kind').notNull(),
    title: text('title').notNull().default(''),
    params: jsonb('params').notNull(),
    /** 'xlsx' | 'csv' (decided when the job starts when asked 'auto'). */
    format: text('format').notNull(),
    lang: text('lang').notNull().default('zh'),
    tz: text('tz').notNull().default('UTC'),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    fileName: text('file_name').notNull().default(''),
    fileHash: text('file_hash').notNull().default(''),
    fileSize: integer('file_size').notNull().default(0),
    error: text('error').notNull().default(''),
    /** Instance running it and when it last reported progress (a stale lease is re-queued). */
    lockedBy: text('locked_by').notNull().default(''),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('export_jobs_user_idx').on(t.userId, t.createdAt),
    index('export_jobs_status_idx').on(t.status, t.createdAt),
  ],
);
