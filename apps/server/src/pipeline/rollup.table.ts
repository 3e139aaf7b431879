import { doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rollups of numeric history (DESIGN 7, issue 6): per point and bucket the count, sum, min, max, first and
 * last reading and the counter increase inside the bucket (a step down counts as a reset: the new reading
 * is the increase). Charts over long ranges and the data reports read these instead of raw rows, so a year
 * of 1-second data draws fast. 15 minutes divides every time zone's offset, so calendar days, weeks and
 * months of any zone are whole 15-minute buckets. Text values are not rolled up.
 */
const rollupColumns = {
  pointId: integer('point_id').notNull(),
  bucket: timestamp('bucket', { withTimezone: true, precision: 3 }).notNull(),
  n: integer('n').notNull(),
  sum: doublePrecision('sum').notNull(),
  min: doublePrecision('min').notNull(),
  max: doublePrecision('max').notNull(),
  firstTs: timestamp('first_ts', { withTimezone: true, precision: 3 }).notNull(),
  first: doublePrecision('first').notNull(),
  lastTs: timestamp('last_ts', { withTimezone: true, precision: 3 }).notNull(),
  last: doublePrecision('last').notNull(),
  increase: doublePrecision('increase').notNull(),
};

export const pointRollup1m = pgTable('point_rollup_1m', rollupColumns, (t) => [
  primaryKey({ columns: [t.pointId, t.bucket] }),
]);

export const pointRollup15m = pgTable('point_rollup_15m', rollupColumns, (t) => [
  primaryKey({ columns: [t.pointId, t.bucket] }),
]);

/** How far each rollup level is complete: every bucket before `done_until` is final (until marked dirty). */
export const historyRollupState = pgTable('history_rollup_state', {
  level: text('level').primaryKey(),
  doneUntil: timestamp('done_until', { withTimezone: true, precision: 3 }).notNull(),
});

/** Minutes that received readings after they were rolled up (late or back-filled data); recomputed next pass. */
export const historyRollupDirty = pgTable(
  'history_rollup_dirty',
  {
    pointId: integer('point_id').notNull(),
    bucket: timestamp('bucket', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.bucket] })],
);
