import { count, inArray, is } from 'drizzle-orm';
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client.js';
import * as schema from '../../platform/db/schema.js';
import type { CountDevicesOf } from './user-admin.service.js';

/**
 * Default `countDevicesOf`: counts rows of the `devices` table by `owner_user_id` when the schema
 * exports such a table (the devices module), otherwise answers 0 for everyone.
 */
export function createDeviceCounter(db: Executor): CountDevicesOf {
  return async (userIds) => {
    const result = new Map<number, number>(userIds.map((id) => [id, 0]));
    const table = (schema as Record<string, unknown>).devices;
    if (userIds.length === 0 || !is(table, PgTable)) return result;
    const owner = (table as unknown as Record<string, unknown>).ownerUserId;
    if (!owner) return result;
    const column = owner as PgColumn;
    const rows = await db
      .select({ owner: column, n: count() })
      .from(table)
      .where(inArray(column, userIds))
      .groupBy(column);
    for (const row of rows) result.set(Number(row.owner), Number(row.n));
    return result;
  };
}
