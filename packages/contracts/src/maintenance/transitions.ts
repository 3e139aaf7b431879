/**
 * Work order states (SPEC 4) and THE transition table `(state, event, role) -> state` (issue 22).
 * Pure: the server applies it to every action, the web uses it to offer only the buttons that can
 * succeed. docs/maintenance.md draws it as a table.
 */

/** SPEC 4 work order status: 0 pending, 1 dispatched, 2 accepted, 3 closed, 4 actively ended. */
export const WorkOrderStatus = {
  PENDING: 0,
  DISPATCHED: 1,
  ACCEPTED: 2,
  CLOSED: 3,
  ENDED: 4,
} as const;
export type WorkOrderStatus = (typeof WorkOrderStatus)[keyof typeof WorkOrderStatus];
export const WORK_ORDER_STATUSES: readonly WorkOrderStatus[] = [0, 1, 2, 3, 4];

/** SPEC 4 work order type: 0 planned maintenance, 1 repair, 2 law enforcement. */
export const WorkOrderType = { PLANNED: 0, REPAIR: 1, ENFORCEMENT: 2 } as const;
export type WorkOrderType = (typeof WorkOrderType)[keyof typeof WorkOrderType];
export const WORK_ORDER_TYPES: readonly WorkOrderType[] = [0, 1, 2];

/** SPEC 4 repair type: 0 on-site, 1 off-site. */
export const REPAIR_TYPES = [0, 1] as const;
export type RepairType = (typeof REPAIR_TYPES)[number];

/** Ours: 0 low, 1 normal, 2 high, 3 urgent. */
export const WORK_ORDER_PRIORITIES = [0, 1, 2, 3] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];

/**
 * What can happen to an order. `dispatch` also re-dispatches (to another assignee); `return` is the
 * assignee handing the order back (refusing it, or giving up after accepting it); `record` is recorded
 * work (notes, photos, checklist results, parts, signature); `end` is SPEC 4's "actively ended" (the
 * order is dropped without the work being done). A closed or ended order is final: a new order is
 * raised instead of reopening, so the history of a finished order never changes meaning.
 */
export const WORK_ORDER_EVENTS = ['dispatch', 'accept', 'return', 'record', 'close', 'end'] as const;
export type WorkOrderEvent = (typeof WORK_ORDER_EVENTS)[number];

/**
 * Who acts: `manager` holds maintenance.WorkOrder/dispatch over the order's tenant (the creator is
 * one), `assignee` is the order's current assignee, `other` is anyone else who can see the order.
 */
export const WORK_ORDER_ROLES = ['manager', 'assignee', 'other'] as const;
export type WorkOrderRole = (typeof WORK_ORDER_ROLES)[number];

type Row = Partial<Record<WorkOrderEvent, Partial<Record<WorkOrderRole, WorkOrderStatus>>>>;

const { PENDING, DISPATCHED, ACCEPTED, CLOSED, ENDED } = WorkOrderStatus;

/** Absent = refused. */
const TABLE: Record<WorkOrderStatus, Row> = {
  [PENDING]: {
    dispatch: { manager: DISPATCHED },
    end: { manager: ENDED },
  },
  [DISPATCHED]: {
    dispatch: { manager: DISPATCHED },
    accept: { assignee: ACCEPTED },
    return: { assignee: PENDING },
    end: { manager: ENDED },
  },
  [ACCEPTED]: {
    dispatch: { manager: DISPATCHED },
    return: { assignee: PENDING },
    record: { assignee: ACCEPTED },
    close: { assignee: CLOSED, manager: CLOSED },
    end: { manager: ENDED },
  },
  [CLOSED]: {},
  [ENDED]: {},
};

/** The state after `event` by `role`, or null when the table refuses it. */
export function workOrderTransition(
  state: WorkOrderStatus,
  event: WorkOrderEvent,
  role: WorkOrderRole,
): WorkOrderStatus | null {
  return TABLE[state]?.[event]?.[role] ?? null;
}

/**
 * A caller may hold several roles at once (a manager who dispatched the order to themself): the
 * first role that the table lets through decides.
 */
export function workOrderTransitionFor(
  state: WorkOrderStatus,
  event: WorkOrderEvent,
  roles: readonly WorkOrderRole[],
): WorkOrderStatus | null {
  for (const role of roles) {
    const next = workOrderTransition(state, event, role);
    if (next !== null) return next;
  }
  return null;
}

/** Closed and ended orders take no more events. */
export function isFinalWorkOrderStatus(state: number): boolean {
  return state === CLOSED || state === ENDED;
}

/** The events a caller with these roles may fire now (the web offers these buttons). */
export function allowedWorkOrderEvents(
  state: WorkOrderStatus,
  roles: readonly WorkOrderRole[],
): WorkOrderEvent[] {
  return WORK_ORDER_EVENTS.filter((event) => workOrderTransitionFor(state, event, roles) !== null);
}
