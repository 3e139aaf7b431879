import {
  type ListResult,
  type WorkOrderAssignee,
  type WorkOrderCreateBody,
  type WorkOrderDetail,
  type WorkOrderListQuery,
  type WorkOrderNoticeKind,
  type WorkOrderNoticeRow,
  type WorkOrderRow,
  WorkOrderStatus,
  WorkOrderType,
} from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { fieldError, userMessage } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import type { UserNotices } from '../../platform/notices/user-notices.js';
import type { AlarmDispatch } from '../alarms/alarm-dispatch.service.js';
import { notFound } from '../devices/device-errors.js';
import { findVisibleAsset } from './assets/assets.repository.js';
import { dueSoonUntil, readsAllOrders, rolesOn, toDetail, toWorkOrderRow } from './work-orders.mapping.js';
import type { Person, WorkOrderRecord, WorkOrdersRepository } from './work-orders.repository.js';

export const WORK_ORDER_SUBJECT = 'work_order';

export interface WorkOrdersServiceDeps {
  repo: WorkOrdersRepository;
  alarms: AlarmDispatch;
  notices: UserNotices;
  clock: () => Date;
}

/** Tells the assignee an order was dispatched to it, in the dispatching transaction. */
export function noticeDispatched(
  notices: UserNotices,
  order: Pick<WorkOrderRecord, 'id' | 'title'>,
  assigneeId: number,
  at: Date,
  tx: Executor,
): Promise<boolean> {
  return notices.notify(
    {
      userId: assigneeId,
      subject: WORK_ORDER_SUBJECT,
      subjectId: order.id,
      kind: 'dispatched',
      title: order.title,
      dedupeKey: `work_order:${order.id}:dispatched:${at.getTime()}`,
    },
    tx,
  );
}

/** Work orders: raise (by hand or from an alarm), list, read with history; the assignee's notices. */
export function createWorkOrdersService(deps: WorkOrdersServiceDeps) {
  const { repo, alarms, notices, clock } = deps;

  async function assigneeOf(scope: Scope, id: number, tx: Executor): Promise<Person> {
    const person = await repo.tenantUser(scope, id, tx);
    if (!person) throw fieldError('body.assignee_id', 'maintenance.unknownAssignee', { id });
    return person;
  }

  return {
    async list(scope: Scope, query: WorkOrderListQuery): Promise<ListResult<WorkOrderRow>> {
      const { limit, offset } = pageWindow(query);
      const now = clock();
      const filter = readsAllOrders(scope) ? query : { ...query, mine: true };
      const { rows, total } = await repo.list(scope, filter, { now, soon: dueSoonUntil(now), limit, offset });
      return { rows: rows.map((r) => toWorkOrderRow(r, now)), total };
    },

    /** `afterChange`: read back right after the caller's own change (work-order-actions.service.ts). */
    async detail(scope: Scope, id: number, afterChange = false): Promise<WorkOrderDetail> {
      const order = await repo.get(scope, id, afterChange);
      if (!order) throw notFound('work order');
      if (!afterChange && !readsAllOrders(scope) && order.assigneeId !== scope.userId)
        throw notFound('work order');
      return toDetail(order, await repo.history(id), rolesOn(scope, order, order.managed), clock());
    },

    /**
     * Raises an order in the caller's tenant. With `alarm_id` it is a repair of that alarm's device and
     * the alarm becomes dispatched (SPEC 3) in the same transaction; with `assignee_id` the order is
     * dispatched at once and the assignee notified. `links.recordId` ties it to an enforcement record;
     * `links.guard` runs first in the transaction (it locks and checks what the order is raised from).
     */
    async create(
      scope: Scope,
      body: WorkOrderCreateBody,
      links: { recordId?: number; guard?: (tx: Executor) => Promise<void> } = {},
    ): Promise<WorkOrderDetail> {
      const now = clock();
      const id = await repo.transaction(async (tx) => {
        await links.guard?.(tx);
        let deviceId = body.device_id ?? null;
        let type: number = body.type;
        const alarmId = body.alarm_id ?? null;
        if (alarmId !== null) {
          const alarm = await alarms.visible(scope, alarmId, tx);
          if (!alarm) throw fieldError('body.alarm_id', 'maintenance.unknownAlarm', { id: alarmId });
          const open = await repo.openForAlarm(alarmId, tx);
          if (open !== undefined) throw userMessage('maintenance.alarmHasOrder', { id: open });
          deviceId = alarm.deviceId;
          type = WorkOrderType.REPAIR;
        } else if (deviceId !== null && !(await repo.visibleDevice(scope, deviceId, tx))) {
          throw fieldError('body.device_id', 'maintenance.unknownDevice', { id: deviceId });
        }
        const assetId = body.asset_id ?? null;
        if (assetId !== null) {
          const asset = await findVisibleAsset(tx, scope, assetId);
          if (!asset) throw fieldError('body.asset_id', 'asset.unknownAsset', { id: assetId });
          // An order on an asset concerns its monitored device too, unless the order names one.
          if (
            deviceId === null &&
            asset.deviceId !== null &&
            (await repo.visibleDevice(scope, asset.deviceId, tx))
          )
            deviceId = asset.deviceId;
        }
        const assignee = body.assignee_id ? await assigneeOf(scope, body.assignee_id, tx) : null;
        const actorName = await repo.personName(scope.userId, tx);
        const order = await repo.insert(
          {
            ownerUserId: scope.dataOwnerId,
            type,
            status: assignee ? WorkOrderStatus.DISPATCHED : WorkOrderStatus.PENDING,
            title: body.title,
            description: body.description,
            deviceId,
            alarmId,
            assetId,
            repairType: type === WorkOrderType.REPAIR ? (body.repair_type ?? 0) : (body.repair_type ?? null),
            priority: body.priority,
            dueAt: body.due_at ?? null,
            createdBy: scope.userId,
            assigneeId: assignee?.id ?? null,
            checklist: body.checklist.map((label) => ({ label, done: null, note: '' })),
            recordId: links.recordId ?? null,
          },
          tx,
        );
        const base = { orderId: order.id, actorId: scope.userId, actorName, at: now };
        await repo.appendHistory(
          {
            ...base,
            event: 'create',
            fromStatus: null,
            toStatus: WorkOrderStatus.PENDING,
            note: body.description,
          },
          tx,
        );
        if (assignee) {
          await repo.appendHistory(
            {
              ...base,
              event: 'dispatch',
              fromStatus: WorkOrderStatus.PENDING,
              toStatus: WorkOrderStatus.DISPATCHED,
              assigneeId: assignee.id,
              assigneeName: assignee.name,
            },
            tx,
          );
          await noticeDispatched(notices, order, assignee.id, now, tx);
        }
        if (alarmId !== null) await alarms.markDispatched(alarmId, tx);
        return order.id;
      });
      return this.detail(scope, id);
    },

    /** Users of the caller's tenant an order can be dispatched to (the dispatch picker). */
    async assignees(scope: Scope): Promise<WorkOrderAssignee[]> {
      return repo.tenantUsers(scope);
    },

    /** The caller's own work order notices, newest first. */
    async myNotices(scope: Scope): Promise<WorkOrderNoticeRow[]> {
      const rows = await notices.list(scope.userId, WORK_ORDER_SUBJECT);
      return rows.map((n) => ({
        id: n.id,
        kind: n.kind as WorkOrderNoticeKind,
        order_id: n.subjectId,
        title: n.title,
        at: n.createdAt.toISOString(),
        read: n.readAt !== null,
      }));
    },

    async markNoticesRead(scope: Scope): Promise<null> {
      await notices.markRead(scope.userId, WORK_ORDER_SUBJECT, clock());
      return null;
    },
  };
}

export type WorkOrdersService = ReturnType<typeof createWorkOrdersService>;
