import {
  allowedWorkOrderEvents,
  WORK_ORDER_DUE_SOON_HOURS,
  type WorkOrderDetail,
  type WorkOrderHistoryRow,
  type WorkOrderRole,
  type WorkOrderRow,
  type WorkOrderStatus,
} from '@fleet/contracts';
import { hasPermission, type Scope } from '../../platform/auth/scope.js';
import type { WorkOrderHistoryRecord, WorkOrderRecord, WorkOrderView } from './work-orders.repository.js';

export const DISPATCH_PERMISSION = 'maintenance.WorkOrder/dispatch';
/** Permissions that read every order of the tenant; with only `handle` a user reads its own orders. */
const READ_ALL = [
  'maintenance.WorkOrder/index',
  'maintenance.WorkOrder/add',
  DISPATCH_PERMISSION,
  'maintenance.Repair/index',
];
export const readsAllOrders = (scope: Scope) => READ_ALL.some((p) => hasPermission(scope, p));
const HOUR_MS = 3_600_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const isOpen = (status: number) => status <= 2;

/** The end of the due-soon window from `now`. */
export const dueSoonUntil = (now: Date) => new Date(now.getTime() + WORK_ORDER_DUE_SOON_HOURS * HOUR_MS);

export function toWorkOrderRow(o: WorkOrderView, now: Date): WorkOrderRow {
  const due = o.dueAt?.getTime() ?? null;
  return {
    id: o.id,
    type: o.type,
    status: o.status,
    title: o.title,
    description: o.description,
    device_id: o.deviceId,
    device_title: o.deviceTitle,
    alarm_id: o.alarmId,
    repair_type: o.repairType,
    priority: o.priority,
    due_at: iso(o.dueAt),
    overdue: due !== null && isOpen(o.status) && due <= now.getTime(),
    due_soon: due !== null && isOpen(o.status) && due > now.getTime() && due <= dueSoonUntil(now).getTime(),
    created_by: o.createdBy,
    created_by_name: o.createdByName ?? '',
    assignee_id: o.assigneeId,
    assignee_name: o.assigneeName,
    checklist: o.checklist,
    plan_id: o.planId,
    asset_id: o.assetId,
    asset_title: o.assetTitle,
    record_id: o.recordId,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    closed_at: iso(o.closedAt),
  };
}

export function toHistoryRow(h: WorkOrderHistoryRecord): WorkOrderHistoryRow {
  return {
    id: h.id,
    event: h.event as WorkOrderHistoryRow['event'],
    from_status: h.fromStatus,
    to_status: h.toStatus,
    actor_id: h.actorId,
    actor_name: h.actorName,
    note: h.note,
    assignee_id: h.assigneeId,
    assignee_name: h.assigneeName,
    photos: h.photos,
    signature: h.signature,
    checklist: h.checklist,
    parts: h.parts,
    at: h.at.toISOString(),
  };
}

/**
 * The caller's roles on an order (transition table): manager when it holds the dispatch permission
 * and the order's tenant is in its data, assignee when the order is assigned to it.
 */
export function rolesOn(scope: Scope, order: WorkOrderRecord, managed: boolean): WorkOrderRole[] {
  const roles: WorkOrderRole[] = [];
  if (order.assigneeId === scope.userId) roles.push('assignee');
  if (managed && hasPermission(scope, DISPATCH_PERMISSION)) roles.push('manager');
  if (roles.length === 0) roles.push('other');
  return roles;
}

export function toDetail(
  o: WorkOrderView,
  history: WorkOrderHistoryRecord[],
  roles: WorkOrderRole[],
  now: Date,
): WorkOrderDetail {
  return {
    ...toWorkOrderRow(o, now),
    history: history.map(toHistoryRow),
    allowed_events: allowedWorkOrderEvents(o.status as WorkOrderStatus, roles),
  };
}
