import type { ModuleDeps } from '../../platform/deps.js';
import { createAlarmRows } from '../alarms/alarm-rows.service.js';
import { createPlatformOptions } from '../system/platform-options.service.js';
import { createScreensRepository } from './screens.repository.js';
import { createScreensService } from './screens.service.js';

/** The monitoring screens service of the running app (its routes, and custom screens' map widgets). */
export function screensServiceOf(deps: ModuleDeps) {
  return createScreensService({
    repo: createScreensRepository(deps.database.db),
    alarms: createAlarmRows(deps.database.db),
    options: createPlatformOptions(deps.database.db),
    clock: deps.clock,
  });
}
