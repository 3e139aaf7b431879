import type { ServerMessageKey } from '@fleet/contracts';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { customScreens } from '../../modules/custom-screens/custom-screens.table.js';
import { devices } from '../../modules/devices/devices.table.js';
import { graphlibItems } from '../../modules/graphlib/graphlib.table.js';
import { deviceProjects } from '../../modules/groups/groups.table.js';
import { scadaApps } from '../../modules/scada/scada.table.js';
import { users } from '../../modules/users/users.table.js';
import type { Executor } from '../db/client.js';
import { userMessage } from '../http/errors.js';
import { pathInSubtree } from './scope.js';

/**
 * SPEC 3 resource limits (DESIGN 14): a creation is checked against the owner and every ancestor that
 * set a limit of that kind, each counting what is owned in its own subtree. The limiters are locked
 * top-down (shortest path first) until the transaction ends, so concurrent creations queue in one order
 * and two of them can never both take the last free place (READ COMMITTED: the count after the lock
 * sees every creation committed before it). 'No limit' is null. One copy for every counted resource.
 */
export interface Limiter {
  id: number;
  path: string;
  username: string;
  limit: number;
}

/** The counted resources; SMS and voice counts are ledger quotas (modules/ledger), not rows. */
export type LimitKind = 'projects' | 'devices' | 'scada' | 'screens' | 'graphs';

/** Rows owned by a user (the table and its owner column), counted against a limit. */
export interface OwnedRows {
  table: PgTable;
  ownerColumn: PgColumn;
}

const LIMIT_COLUMN = {
  projects: users.projectLimit,
  devices: users.deviceLimit,
  scada: users.scadaLimit,
  screens: users.screenLimit,
  graphs: users.graphLimit,
} as const satisfies Record<LimitKind, PgColumn>;

/** The rows each kind counts. */
const OWNED: Partial<Record<LimitKind, OwnedRows>> = {
  projects: { table: deviceProjects, ownerColumn: deviceProjects.ownerUserId },
  devices: { table: devices, ownerColumn: devices.ownerUserId },
  scada: { table: scadaApps, ownerColumn: scadaApps.ownerUserId },
  screens: { table: customScreens, ownerColumn: customScreens.ownerUserId },
  graphs: { table: graphlibItems, ownerColumn: graphlibItems.ownerUserId },
};

const MESSAGE = {
  projects: 'project.limitReached',
  devices: 'device.limitReached',
  scada: 'scada.limitReached',
  screens: 'screen.limitReached',
  graphs: 'graphlib.limitReached',
} as const satisfies Record<LimitKind, ServerMessageKey>;

export async function lockLimiters(tx: Executor, ownerId: number, limit: PgColumn): Promise<Limiter[]> {
  const [owner] = await tx.select({ path: users.path }).from(users).where(eq(users.id, ownerId));
  if (!owner) return [];
  const ids = owner.path
    .split('/')
    .filter((s) => s !== '')
    .map(Number);
  const rows = await tx
    .select({ id: users.id, path: users.path, username: users.username, limit })
    .from(users)
    .where(and(inArray(users.id, ids), isNotNull(limit)))
    .orderBy(sql`length(${users.path})`)
    .for('update');
  return rows.map((r) => ({ id: r.id, path: r.path, username: r.username, limit: Number(r.limit) }));
}

/** The owner and its ancestors that set a limit of `kind`, locked until the transaction ends. */
export const lockLimitersOf = (tx: Executor, ownerId: number, kind: LimitKind) =>
  lockLimiters(tx, ownerId, LIMIT_COLUMN[kind]);

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

export interface LimitOptions {
  /** How many rows the creation adds (an import adds many); 1 by default. */
  adding?: number;
  /**
   * A row moving from the owner at this path (a device transfer): a limiter whose subtree already
   * holds that owner counts the row already, so it is not checked again.
   */
  movingFromPath?: string;
  /** The rows counted, for a kind not listed in OWNED yet (custom screens). */
  owned?: OwnedRows;
}

/** 20000 naming the limit and the account that set it when the limiters' counts would be passed. */
export async function checkLimiters(
  tx: Executor,
  limiters: Limiter[],
  kind: LimitKind,
  options: LimitOptions = {},
): Promise<void> {
  const adding = options.adding ?? 1;
  const owned = options.owned ?? OWNED[kind];
  if (!owned) throw new Error(`resource limit ${kind}: no rows to count (pass options.owned)`);
  for (const limiter of limiters) {
    if (options.movingFromPath?.startsWith(limiter.path)) continue;
    const used = await countOwnedInSubtree(tx, owned.table, owned.ownerColumn, limiter.path);
    if (used + adding > limiter.limit) {
      const params = { limit: limiter.limit, used, owner: limiter.username, adding };
      throw kind === 'devices' && adding > 1
        ? userMessage('device.limitReachedAdding', params)
        : userMessage(MESSAGE[kind], params);
    }
  }
}

/**
 * The one check every creation of a counted resource calls inside its transaction, before the insert:
 * `await assertWithinLimit(tx, ownerUserId, 'screens', { owned: { table: screens, ownerColumn:
 * screens.ownerUserId } })`. Locks the limiters (kept until commit) and throws 20000 when one is passed.
 */
export async function assertWithinLimit(
  tx: Executor,
  ownerId: number,
  kind: LimitKind,
  options: LimitOptions = {},
): Promise<void> {
  await checkLimiters(tx, await lockLimitersOf(tx, ownerId, kind), kind, options);
}
