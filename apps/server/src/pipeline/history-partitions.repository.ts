import { sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.js';

/** Serialises maintenance between instances sharing one PostgreSQL (any constant works). */
const MAINTENANCE_LOCK = 7_342_001;
/** The monthly partitions' names; other children of point_history (the default one) are not listed. */
export const PARTITION_NAME = /^point_history_y(\d{4})m(\d{2})$/;

const literal = (d: Date) => `'${d.toISOString()}'`;
const bounds = (from: Date, to: Date) => sql.raw(`for values from (${literal(from)}) to (${literal(to)})`);
const rangeFrom = (from: Date, to: Date) => sql.raw(`${literal(from)} and ts < ${literal(to)}`);

async function rows<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The DDL and bulk deletes of history partition maintenance (pipeline/history-partitions.ts). */
export const historyPartitionsRepository = {
  /** Transaction-scoped: waits for another instance's maintenance to finish. */
  async lock(tx: Executor): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${MAINTENANCE_LOCK})`);
  },

  /**
   * Transaction-scoped: holds history writes back until the new partition is in place. Without it an
   * ingest batch committing between the default partition's check (or its rows' move) and the
   * create / attach puts rows of the month in the default partition, and the create or attach fails.
   */
  async holdWrites(tx: Executor): Promise<void> {
    await tx.execute(sql`lock table point_history in share row exclusive mode`);
  },

  async monthlyPartitions(executor: Executor): Promise<string[]> {
    const found = await rows<{ name: string }>(
      executor,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'point_history'::regclass`,
    );
    return found.map((r) => r.name).filter((name) => PARTITION_NAME.test(name));
  },

  /** Whether rows of [from, to) already sit in the default partition. */
  async defaultHasRows(tx: Executor, from: Date, to: Date): Promise<boolean> {
    const [row] = await rows<{ waiting: boolean }>(
      tx,
      sql`select exists (select 1 from point_history_default where ts >= ${rangeFrom(from, to)}) as waiting`,
    );
    return Boolean(row?.waiting);
  },

  async createPartition(tx: Executor, name: string, from: Date, to: Date): Promise<void> {
    await tx.execute(
      sql`create table ${sql.identifier(name)} partition of point_history ${bounds(from, to)}`,
    );
  },

  /**
   * Builds the partition standalone, moves the default partition's rows of [from, to) into it and
   * attaches it (creating it directly would fail while those rows sit in the default). Answers the
   * rows moved.
   */
  async createFromDefault(tx: Executor, name: string, from: Date, to: Date): Promise<number> {
    await tx.execute(
      sql`create table ${sql.identifier(name)} (like point_history including defaults including constraints)`,
    );
    const moved = await rows<{ n: number }>(
      tx,
      sql`with gone as (delete from point_history_default where ts >= ${rangeFrom(from, to)} returning *),
          put as (insert into ${sql.identifier(name)} select * from gone returning 1)
          select count(*)::int as n from put`,
    );
    await tx.execute(
      sql`alter table point_history attach partition ${sql.identifier(name)} ${bounds(from, to)}`,
    );
    return moved[0]?.n ?? 0;
  },

  async dropPartition(tx: Executor, name: string): Promise<void> {
    await tx.execute(sql`drop table ${sql.identifier(name)}`);
  },

  /** Deletes default-partition rows and rollup buckets older than `cutoff`; answers the rows deleted. */
  async deleteBefore(tx: Executor, cutoff: Date): Promise<number> {
    const deleted = await rows<{ n: number }>(
      tx,
      sql`with gone as (delete from point_history_default where ts < ${sql.raw(literal(cutoff))} returning 1)
          select count(*)::int as n from gone`,
    );
    // The rollups of history follow its retention (they summarise data that is meant to be gone).
    for (const table of ['point_rollup_1m', 'point_rollup_15m']) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where bucket < ${sql.raw(literal(cutoff))}`);
    }
    return deleted[0]?.n ?? 0;
  },

  /** Refreshes the planner's statistics (PGlite has no autovacuum). */
  async analyze(executor: Executor): Promise<void> {
    await executor.execute(sql`analyze`);
  },
};
