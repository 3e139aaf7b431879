import { devices } from '../../../modules/devices/devices.table.js';
import type { Executor } from '../../../platform/db/client.js';
import type { RegistryDevice } from './provisioner.js';

/** Every registered device and whether it may connect now (not expired), for a broker reconcile. */
export async function registryDevices(db: Executor, now: Date): Promise<RegistryDevice[]> {
  const rows = await db.select({ imei: devices.imei, expireAt: devices.expireAt }).from(devices);
  return rows.map(({ imei, expireAt }) => ({
    imei,
    enabled: expireAt === null || expireAt.getTime() > now.getTime(),
  }));
}
