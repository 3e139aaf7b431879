import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { createAlarmLogRepository, type VisibleAlarm } from './alarm-log.repository.js';

/** SPEC 3 dispatch status. */
export const ALARM_DISPATCHED = 1;

/**
 * What the maintenance module needs of the alarm log (issue 22): an alarm of a device the caller sees,
 * and its dispatch status set to 1 dispatched inside the transaction that raises the repair order.
 */
export function createAlarmDispatch(db: Executor) {
  const repo = createAlarmLogRepository(db);
  return {
    visible: (scope: Scope, alarmId: number, tx?: Executor): Promise<VisibleAlarm | null> =>
      repo.visibleAlarm(scope, alarmId, tx),
    markDispatched: (alarmId: number, tx: Executor): Promise<void> =>
      repo.update(alarmId, { dispatchStatus: ALARM_DISPATCHED }, tx),
  };
}

export type AlarmDispatch = ReturnType<typeof createAlarmDispatch>;
