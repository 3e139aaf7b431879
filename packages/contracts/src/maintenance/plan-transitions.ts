/**
 * Maintenance plan states (SPEC 4) and THE plan transition table `(state, event, role) -> state`
 * (issue 22 item 2). Pure, like the work-order table (transitions.ts): the server applies it to every
 * plan action and to the generator, the web offers only the buttons that can succeed.
 * docs/maintenance.md draws it as a table.
 */

/**
 * SPEC 4 maintenance plan status: 0 not started, 1 awaiting maintenance, 2 executing, 3 stopped,
 * 4 dispatched, 5 accepted, 6 completed, 7 ended. A running plan (1, 2, 4, 5, 6) follows its latest
 * generated work order: 2 the order is raised (pending), 4 dispatched, 5 accepted, 6 closed.
 */
export const PlanStatus = {
  NOT_STARTED: 0,
  AWAITING: 1,
  EXECUTING: 2,
  STOPPED: 3,
  DISPATCHED: 4,
  ACCEPTED: 5,
  COMPLETED: 6,
  ENDED: 7,
} as const;
export type PlanStatus = (typeof PlanStatus)[keyof typeof PlanStatus];
export const PLAN_STATUSES: readonly PlanStatus[] = [0, 1, 2, 3, 4, 5, 6, 7];

/**
 * What can happen to a plan. `start`, `stop`, `resume` and `end` are a manager's actions (end is
 * final). `generate` is the generator raising an occurrence's work order; the `order_*` events are the
 * latest generated order moving (dispatched, accepted, handed back, closed, actively ended), applied by
 * the generator's tick.
 */
export const PLAN_EVENTS = [
  'start',
  'stop',
  'resume',
  'end',
  'generate',
  'order_dispatched',
  'order_accepted',
  'order_returned',
  'order_closed',
  'order_ended',
] as const;
export type PlanEvent = (typeof PLAN_EVENTS)[number];
/** The events a user fires through the API. */
export const PLAN_USER_EVENTS = ['start', 'stop', 'resume', 'end'] as const satisfies readonly PlanEvent[];
export type PlanUserEvent = (typeof PLAN_USER_EVENTS)[number];

/** `manager` holds maintenance.Plan/edit over the plan's tenant; `system` is the generator. */
export const PLAN_ROLES = ['manager', 'system', 'other'] as const;
export type PlanRole = (typeof PLAN_ROLES)[number];

type Row = Partial<Record<PlanEvent, Partial<Record<PlanRole, PlanStatus>>>>;

const { NOT_STARTED, AWAITING, EXECUTING, STOPPED, DISPATCHED, ACCEPTED, COMPLETED, ENDED } = PlanStatus;

/** What a running plan (1, 2, 4, 5, 6) shares: the manager stops or ends it, the generator raises orders. */
const running: Row = {
  stop: { manager: STOPPED },
  end: { manager: ENDED },
  generate: { system: EXECUTING },
};
/** The latest order moved: the plan follows it. */
const follows: Row = {
  order_dispatched: { system: DISPATCHED },
  order_accepted: { system: ACCEPTED },
  order_returned: { system: EXECUTING },
  order_closed: { system: COMPLETED },
  order_ended: { system: AWAITING },
};

/** Absent = refused. */
const TABLE: Record<PlanStatus, Row> = {
  [NOT_STARTED]: { start: { manager: AWAITING }, end: { manager: ENDED } },
  [AWAITING]: { ...running },
  [EXECUTING]: {
    ...running,
    order_dispatched: follows.order_dispatched,
    order_closed: follows.order_closed,
    order_ended: follows.order_ended,
  },
  [DISPATCHED]: { ...running, ...follows },
  [ACCEPTED]: { ...running, ...follows },
  [COMPLETED]: { ...running },
  [STOPPED]: { resume: { manager: AWAITING }, end: { manager: ENDED } },
  [ENDED]: {},
};

/** The state after `event` by `role`, or null when the table refuses it. */
export function planTransition(state: PlanStatus, event: PlanEvent, role: PlanRole): PlanStatus | null {
  return TABLE[state]?.[event]?.[role] ?? null;
}

/** Running plans generate orders. */
export function isRunningPlanStatus(state: number): boolean {
  return (
    state === AWAITING ||
    state === EXECUTING ||
    state === DISPATCHED ||
    state === ACCEPTED ||
    state === COMPLETED
  );
}

/** A plan may be deleted while it never ran, is stopped or ended (its orders stay, unlinked). */
export function isDeletablePlanStatus(state: number): boolean {
  return state === NOT_STARTED || state === STOPPED || state === ENDED;
}

/** An ended plan takes no more events and cannot be edited. */
export function isFinalPlanStatus(state: number): boolean {
  return state === ENDED;
}

/** The user events a caller with this role may fire now (the web offers these buttons). */
export function allowedPlanEvents(state: PlanStatus, role: PlanRole): PlanUserEvent[] {
  return PLAN_USER_EVENTS.filter((event) => planTransition(state, event, role) !== null);
}

/** The plan event for its latest order's SPEC 4 work order status (0 pending after a return). */
export function planEventForOrderStatus(orderStatus: number): PlanEvent | null {
  switch (orderStatus) {
    case 0:
      return 'order_returned';
    case 1:
      return 'order_dispatched';
    case 2:
      return 'order_accepted';
    case 3:
      return 'order_closed';
    case 4:
      return 'order_ended';
    default:
      return null;
  }
}
