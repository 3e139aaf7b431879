import type { ModuleDeps } from '../../platform/deps.js';
import { dataLockOf } from '../devices/data-lock.js';
import { createDeviceLookup } from '../devices/device-lookup.service.js';
import { buildDeviceServices } from '../devices/devices.module.js';
import { createTelemetryRepository } from './telemetry.repository.js';
import { createTelemetryService } from './telemetry.service.js';

/** The telemetry service of the running app (its routes, and modules that show point values). */
export function telemetryServiceOf(deps: ModuleDeps) {
  const db = deps.database.db;
  return createTelemetryService({
    repo: createTelemetryRepository(db),
    deviceLookup: createDeviceLookup(db),
    devices: buildDeviceServices(deps).devices,
    dataLock: dataLockOf(deps),
  });
}
