import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { deviceOnofflineLog, deviceSignal } from '../../modules/connectivity/connectivity.table.js';
import { devices } from '../../modules/devices/devices.table.js';
import type { Db } from '../../platform/db/client.js';
import type { OfflineReason, Via } from '../types.js';

/**
 * Online transition: the conditional UPDATE makes "already online" a no-op, so two connects in a row
 * (or two instances racing) log one row. Answers whether the status really changed.
 */
export async function markOnline(
  db: Db,
  deviceId: number,
  at: Date,
  via: Via,
  remoteAddress: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(devices)
      .set({ status: 1, onlineAt: at })
      .where(and(eq(devices.id, deviceId), ne(devices.status, 1)))
      .returning({ id: devices.id });
    if (changed.length === 0) return false;
    await tx.insert(deviceOnofflineLog).values({ deviceId, status: 1, via, reason: '', remoteAddress, at });
    return true;
  });
}

/** Offline transition, the mirror of markOnline. */
export async function markOffline(
  db: Db,
  deviceId: number,
  at: Date,
  via: Via,
  reason: OfflineReason,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(devices)
      .set({ status: 0 })
      .where(and(eq(devices.id, deviceId), eq(devices.status, 1)))
      .returning({ id: devices.id });
    if (changed.length === 0) return false;
    await tx.insert(deviceOnofflineLog).values({ deviceId, status: 0, via, reason, remoteAddress: '', at });
    return true;
  });
}

/**
 * Every online device goes offline (process start in embedded mode). The offline row repeats the
 * channel of the device's last online row. Answers the devices changed with that channel.
 */
export async function markAllOffline(
  db: Db,
  at: Date,
  reason: OfflineReason,
): Promise<Array<{ deviceId: number; via: Via }>> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(devices)
      .set({ status: 0 })
      .where(eq(devices.status, 1))
      .returning({ id: devices.id });
    if (changed.length === 0) return [];
    const ids = changed.map((row) => row.id);
    const lastOnline = await tx
      .selectDistinctOn([deviceOnofflineLog.deviceId], {
        deviceId: deviceOnofflineLog.deviceId,
        via: deviceOnofflineLog.via,
      })
      .from(deviceOnofflineLog)
      .where(and(inArray(deviceOnofflineLog.deviceId, ids), eq(deviceOnofflineLog.status, 1)))
      .orderBy(deviceOnofflineLog.deviceId, desc(deviceOnofflineLog.at), desc(deviceOnofflineLog.id));
    const viaOf = new Map(lastOnline.map((row) => [row.deviceId, row.via as Via]));
    const result = ids.map((deviceId) => ({ deviceId, via: viaOf.get(deviceId) ?? ('mqtt' as Via) }));
    await tx
      .insert(deviceOnofflineLog)
      .values(result.map((row) => ({ deviceId: row.deviceId, status: 0, via: row.via, reason, at })));
    return result;
  });
}

export async function updateCsq(db: Db, deviceId: number, csq: number): Promise<void> {
  await db.update(devices).set({ csq }).where(eq(devices.id, deviceId));
}

export async function appendSignal(db: Db, deviceId: number, csq: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(devices).set({ csq }).where(eq(devices.id, deviceId));
    await tx.insert(deviceSignal).values({ deviceId, csq, at });
  });
}
