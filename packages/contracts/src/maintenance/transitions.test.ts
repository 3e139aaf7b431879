import { describe, expect, it } from 'vitest';
import {
  allowedWorkOrderEvents,
  isFinalWorkOrderStatus,
  WORK_ORDER_EVENTS,
  WORK_ORDER_ROLES,
  WORK_ORDER_STATUSES,
  type WorkOrderEvent,
  type WorkOrderRole,
  type WorkOrderStatus,
  workOrderTransition,
  workOrderTransitionFor,
} from './transitions.js';

/**
 * Every (state, event, role) combination, written out by hand as the expected answer: 5 states x 6
 * events x 3 roles = 90 cases. A change to the table must change this list too.
 */
const ALLOWED: Record<string, WorkOrderStatus> = {
  '0 dispatch manager': 1,
  '0 end manager': 4,
  '1 dispatch manager': 1,
  '1 accept assignee': 2,
  '1 return assignee': 0,
  '1 end manager': 4,
  '2 dispatch manager': 1,
  '2 return assignee': 0,
  '2 record assignee': 2,
  '2 close assignee': 3,
  '2 close manager': 3,
  '2 end manager': 4,
};

const combinations: [WorkOrderStatus, WorkOrderEvent, WorkOrderRole][] = WORK_ORDER_STATUSES.flatMap((s) =>
  WORK_ORDER_EVENTS.flatMap((e) =>
    WORK_ORDER_ROLES.map((r) => [s, e, r] as [WorkOrderStatus, WorkOrderEvent, WorkOrderRole]),
  ),
);

describe('work order transition table', () => {
  it('covers all 90 combinations', () => {
    expect(combinations).toHaveLength(90);
  });

  it.each(combinations)('state %i, %s by %s', (state, event, role) => {
    expect(workOrderTransition(state, event, role)).toBe(ALLOWED[`${state} ${event} ${role}`] ?? null);
  });

  it('lets nobody act on a closed or ended order, and `other` never acts', () => {
    for (const [state, event, role] of combinations) {
      if (isFinalWorkOrderStatus(state) || role === 'other')
        expect(workOrderTransition(state, event, role)).toBeNull();
    }
    expect(WORK_ORDER_STATUSES.filter(isFinalWorkOrderStatus)).toEqual([3, 4]);
  });

  it('takes the first role the table lets through when a caller holds several', () => {
    expect(workOrderTransitionFor(1, 'accept', ['manager', 'assignee'])).toBe(2);
    expect(workOrderTransitionFor(1, 'accept', ['manager', 'other'])).toBeNull();
    expect(workOrderTransitionFor(2, 'close', ['other', 'manager'])).toBe(3);
    expect(workOrderTransitionFor(2, 'record', [])).toBeNull();
  });

  it('lists the events a caller may fire', () => {
    expect(allowedWorkOrderEvents(0, ['manager'])).toEqual(['dispatch', 'end']);
    expect(allowedWorkOrderEvents(1, ['assignee'])).toEqual(['accept', 'return']);
    expect(allowedWorkOrderEvents(2, ['assignee'])).toEqual(['return', 'record', 'close']);
    expect(allowedWorkOrderEvents(2, ['manager', 'assignee'])).toEqual([
      'dispatch',
      'return',
      'record',
      'close',
      'end',
    ]);
    expect(allowedWorkOrderEvents(3, ['manager', 'assignee'])).toEqual([]);
  });
});
