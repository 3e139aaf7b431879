import { and, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { devices } from '../devices/devices.table.js';
import { deviceExpiryNotices } from './recharge.table.js';

/**
 * Reads and claims of the pre-expiry notices (expiry-notices.ts). All tenants: the leader's tick is the
 * platform's, and each notice goes only to the device's own owner.
 */
export const expiryNoticesRepository = {
  /** Devices whose service expires in (from, to], by owner, expiry and id. */
  async expiring(db: Executor, from: Date, to: Date) {
    return db
      .select({
        id: devices.id,
        title: devices.title,
        ownerUserId: devices.ownerUserId,
        expireAt: devices.expireAt,
      })
      .from(devices)
      .where(and(isNotNull(devices.expireAt), lte(devices.expireAt, to), gt(devices.expireAt, from)))
      .orderBy(devices.ownerUserId, devices.expireAt, devices.id);
  },

  /** The stages already noticed for these devices (for every expiry date they had). */
  async noticed(db: Executor, deviceIds: readonly number[]) {
    return db
      .select({
        deviceId: deviceExpiryNotices.deviceId,
        expireAt: deviceExpiryNotices.expireAt,
        stage: deviceExpiryNotices.stage,
      })
      .from(deviceExpiryNotices)
      .where(sql`${deviceExpiryNotices.deviceId} = any(${sql.param([...deviceIds])}::int[])`);
  },

  /** Claims each (device, expiry date, stage) once; answers the rows this call claimed. */
  async claim(tx: Executor, rows: (typeof deviceExpiryNotices.$inferInsert)[]) {
    return tx
      .insert(deviceExpiryNotices)
      .values(rows)
      .onConflictDoNothing()
      .returning({ deviceId: deviceExpiryNotices.deviceId, stage: deviceExpiryNotices.stage });
  },
};
