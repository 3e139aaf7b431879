import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { users } from '../../modules/users/users.table.js';
import type { Executor } from '../db/client.js';
import { pathInSubtree } from './scope.js';

/**
 * SPEC 3 resource limits (DESIGN 14): a creation is checked against the owner and every ancestor that
 * set a limit of that kind, each counting what is owned in its own subtree. The limiters are locked
 * top-down (shortest path first) until the transaction ends, so concurrent creations queue in one order
 * and two of them can never both take the last free place. One copy for SCADA apps, graph uploads and
 * the resources still to come (projects, devices, screens).
 */
export interface Limiter {
  id: number;
  path: string;
  limit: number;
}

export async function lockLimiters(tx: Executor, ownerId: number, limit: PgColumn): Promise<Limiter[]> {
  const [owner] = await tx.select({ path: users.path }).from(users).where(eq(users.id, ownerId));
  if (!owner) return [];
  const ids = owner.path
    .split('/')
    .filter((s) => s !== '')
    .map(Number);
  const rows = await tx
    .select({ id: users.id, path: users.path, limit })
    .from(users)
    .where(and(inArray(users.id, ids), isNotNull(limit)))
    .orderBy(sql`length(${users.path})`)
    .for('update');
  return rows.map((r) => ({ id: r.id, path: r.path, limit: Number(r.limit) }));
}

/** Rows of `table` whose owner (`ownerColumn`) is the user at `path` or below it. */
export async function countOwnedInSubtree(
  tx: Executor,
  table: PgTable,
  ownerColumn: PgColumn,
  path: string,
): Promise<number> {
  const owners = tx.select({ id: users.id }).from(users).where(pathInSubtree(users.path, path));
  const [row] = await tx.select({ n: count() }).from(table).where(sql`${ownerColumn} IN ${owners}`);
  return row?.n ?? 0;
}
