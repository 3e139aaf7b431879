import type { ModuleDeps } from '../../platform/deps.js';
import { dataLockOf } from '../devices/data-lock.js';
import { createDeviceLookup } from '../devices/device-lookup.service.js';
import { createTemplateLookup } from '../templates/template-lookup.service.js';
import { createScadaRepository } from './scada.repository.js';
import { createScadaService } from './scada.service.js';

/** The SCADA service of the running app (its routes, and custom screens that embed a drawing). */
export function scadaServiceOf(deps: ModuleDeps) {
  const db = deps.database.db;
  return createScadaService({
    repo: createScadaRepository(db),
    templates: createTemplateLookup(db),
    devices: createDeviceLookup(db),
    dataLock: dataLockOf(deps),
  });
}
