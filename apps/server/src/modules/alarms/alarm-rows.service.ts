import type { AlarmLogRow } from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { alarmRowsByIds, latestVisibleAlarmRows } from './alarm-rows.repository.js';

/**
 * Alarm rows as the alarm log shows them, for the modules that show or send them elsewhere: the
 * dashboard, the live channel's alarm publisher and the notice worker (DESIGN 4: through the alarms
 * module, not its repository).
 */
export function createAlarmRows(db: Executor) {
  return {
    /** Rows by id, in the order of `ids` (missing ids are skipped); no scope check, the caller has it. */
    byIds: (ids: readonly number[]): Promise<AlarmLogRow[]> => alarmRowsByIds(db, ids),
    latestVisible: (scope: Scope, limit: number, deviceIds?: readonly number[]): Promise<AlarmLogRow[]> =>
      latestVisibleAlarmRows(db, scope, limit, deviceIds),
  };
}

export type AlarmRows = ReturnType<typeof createAlarmRows>;
