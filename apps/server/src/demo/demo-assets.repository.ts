import { asc, count, eq } from 'drizzle-orm';
import { devices } from '../modules/devices/devices.table.js';
import { ledgerAssets } from '../modules/maintenance/assets/assets.table.js';
import type { Executor } from '../platform/db/client.js';

/** The DEMO=1 seed's reads of the demo account's own devices and assets. */
export const demoAssetsRepository = {
  async assetCount(db: Executor, ownerUserId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(ledgerAssets)
      .where(eq(ledgerAssets.ownerUserId, ownerUserId));
    return row?.n ?? 0;
  },

  async devices(db: Executor, ownerUserId: number, limit: number) {
    return db
      .select({ id: devices.id, title: devices.title })
      .from(devices)
      .where(eq(devices.ownerUserId, ownerUserId))
      .orderBy(asc(devices.id))
      .limit(limit);
  },
};
