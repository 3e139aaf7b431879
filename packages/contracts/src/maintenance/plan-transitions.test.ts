import { describe, expect, it } from 'vitest';
import {
  allowedPlanEvents,
  isDeletablePlanStatus,
  isFinalPlanStatus,
  isRunningPlanStatus,
  PLAN_EVENTS,
  PLAN_ROLES,
  PLAN_STATUSES,
  type PlanEvent,
  type PlanRole,
  type PlanStatus,
  planEventForOrderStatus,
  planTransition,
} from './plan-transitions.js';

/**
 * Every (state, event, role) combination, written out by hand as the expected answer: 8 states x 10
 * events x 3 roles = 240 cases. A change to the table must change this list too.
 */
const ALLOWED: Record<string, PlanStatus> = {
  // 0 not started
  '0 start manager': 1,
  '0 end manager': 7,
  // 1 awaiting maintenance
  '1 stop manager': 3,
  '1 end manager': 7,
  '1 generate system': 2,
  // 2 executing (the latest order is pending)
  '2 stop manager': 3,
  '2 end manager': 7,
  '2 generate system': 2,
  '2 order_dispatched system': 4,
  '2 order_closed system': 6,
  '2 order_ended system': 1,
  // 3 stopped
  '3 resume manager': 1,
  '3 end manager': 7,
  // 4 dispatched
  '4 stop manager': 3,
  '4 end manager': 7,
  '4 generate system': 2,
  '4 order_dispatched system': 4,
  '4 order_accepted system': 5,
  '4 order_returned system': 2,
  '4 order_closed system': 6,
  '4 order_ended system': 1,
  // 5 accepted
  '5 stop manager': 3,
  '5 end manager': 7,
  '5 generate system': 2,
  '5 order_dispatched system': 4,
  '5 order_accepted system': 5,
  '5 order_returned system': 2,
  '5 order_closed system': 6,
  '5 order_ended system': 1,
  // 6 completed
  '6 stop manager': 3,
  '6 end manager': 7,
  '6 generate system': 2,
  // 7 ended: nothing
};

const combinations: [PlanStatus, PlanEvent, PlanRole][] = PLAN_STATUSES.flatMap((s) =>
  PLAN_EVENTS.flatMap((e) => PLAN_ROLES.map((r) => [s, e, r] as [PlanStatus, PlanEvent, PlanRole])),
);

describe('maintenance plan transition table', () => {
  it('covers all 240 combinations', () => {
    expect(combinations).toHaveLength(240);
  });

  it.each(combinations)('state %i, %s by %s', (state, event, role) => {
    expect(planTransition(state, event, role)).toBe(ALLOWED[`${state} ${event} ${role}`] ?? null);
  });

  it('lets nobody act on an ended plan, `other` never acts, users never fire generator events', () => {
    for (const [state, event, role] of combinations) {
      const next = planTransition(state, event, role);
      if (isFinalPlanStatus(state) || role === 'other') expect(next).toBeNull();
      if (['start', 'stop', 'resume', 'end'].includes(event) && role === 'system') expect(next).toBeNull();
      if (event === 'generate' || event.startsWith('order_'))
        expect(planTransition(state, event, 'manager')).toBeNull();
    }
  });

  it('generates only in running states', () => {
    for (const state of PLAN_STATUSES)
      expect(planTransition(state, 'generate', 'system') !== null).toBe(isRunningPlanStatus(state));
  });

  it('deletes a plan only while it does not run', () => {
    expect(PLAN_STATUSES.filter(isDeletablePlanStatus)).toEqual([0, 3, 7]);
  });

  it('offers the manager the user events the table allows', () => {
    expect(allowedPlanEvents(0, 'manager')).toEqual(['start', 'end']);
    expect(allowedPlanEvents(4, 'manager')).toEqual(['stop', 'end']);
    expect(allowedPlanEvents(3, 'manager')).toEqual(['resume', 'end']);
    expect(allowedPlanEvents(7, 'manager')).toEqual([]);
    expect(allowedPlanEvents(1, 'other')).toEqual([]);
  });

  it('maps the latest order status to the event the plan follows', () => {
    expect([0, 1, 2, 3, 4, 9].map(planEventForOrderStatus)).toEqual([
      'order_returned',
      'order_dispatched',
      'order_accepted',
      'order_closed',
      'order_ended',
      null,
    ]);
  });
});
