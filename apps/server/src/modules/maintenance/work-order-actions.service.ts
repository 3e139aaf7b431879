import {
  type ChecklistItem,
  type WorkOrderDetail,
  type WorkOrderEvent,
  type WorkOrderRecordBody,
  type WorkOrderStatus,
  workOrderTransitionFor,
} from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { fieldError, noPermission, userMessage } from '../../platform/http/errors.js';
import type { UserNotices } from '../../platform/notices/user-notices.js';
import { notFound } from '../devices/device-errors.js';
import { rolesOn } from './work-orders.mapping.js';
import type {
  NewWorkOrderHistory,
  WorkOrderPatch,
  WorkOrderRecord,
  WorkOrdersRepository,
} from './work-orders.repository.js';
import { noticeDispatched } from './work-orders.service.js';

export type WorkOrderActionBody =
  | { event: 'dispatch'; assignee_id: number; note: string }
  | { event: 'accept' | 'return' | 'close' | 'end'; note: string }
  | ({ event: 'record' } & WorkOrderRecordBody);

export interface WorkOrderActionsDeps {
  repo: WorkOrdersRepository;
  notices: UserNotices;
  clock: () => Date;
  /** Reads the order back after the change (the detail answer). */
  detail: (scope: Scope, id: number, afterChange: boolean) => Promise<WorkOrderDetail>;
}

/**
 * Every change of an order's status goes through here: the row is locked, the caller's roles on it
 * are worked out, the transition table of @fleet/contracts decides, and the change and its history
 * row are written in one transaction.
 */
export function createWorkOrderActions(deps: WorkOrderActionsDeps) {
  const { repo, notices, clock } = deps;

  /** Photos and the signature must be files uploaded to this order, of the right kind. */
  async function checkFiles(order: WorkOrderRecord, body: WorkOrderRecordBody, tx: Executor): Promise<void> {
    const hashes = [...body.photos, ...(body.signature ? [body.signature] : [])];
    const files = new Map((await repo.files(order.id, hashes, tx)).map((f) => [f.hash, f]));
    for (const hash of body.photos)
      if (!files.has(hash)) throw fieldError('body.photos', 'maintenance.unknownFile', { hash });
    if (body.signature) {
      const file = files.get(body.signature);
      if (!file) throw fieldError('body.signature', 'maintenance.unknownFile', { hash: body.signature });
      if (file.kind !== 'signature') throw fieldError('body.signature', 'maintenance.signatureKind');
    }
  }

  /** The order's checklist with these results applied (each item keeps its latest result). */
  function applyChecklist(
    order: WorkOrderRecord,
    results: WorkOrderRecordBody['checklist'],
  ): ChecklistItem[] {
    const list = order.checklist.map((item) => ({ ...item }));
    for (const r of results) {
      const item = list[r.index];
      if (!item) throw fieldError('body.checklist', 'maintenance.checklistIndex', { index: r.index });
      item.done = r.done;
      item.note = r.note;
    }
    return list;
  }

  return {
    async act(scope: Scope, id: number, body: WorkOrderActionBody): Promise<WorkOrderDetail> {
      const event: WorkOrderEvent = body.event;
      await repo.transaction(async (tx) => {
        const order = await repo.lock(scope, id, tx);
        if (!order) throw notFound('work order');
        const roles = rolesOn(scope, order, order.managed);
        if (roles.length === 1 && roles[0] === 'other') throw noPermission();
        const next = workOrderTransitionFor(order.status as WorkOrderStatus, event, roles);
        if (next === null)
          throw userMessage('maintenance.transitionRefused', { event, status: order.status });

        const now = clock();
        const patch: WorkOrderPatch = { status: next, updatedAt: now };
        const history: NewWorkOrderHistory = {
          orderId: order.id,
          event,
          fromStatus: order.status,
          toStatus: next,
          actorId: scope.userId,
          actorName: await repo.personName(scope.userId, tx),
          note: body.note,
          at: now,
        };
        if (body.event === 'dispatch') {
          const person = await repo.tenantUser(scope, body.assignee_id, tx);
          if (!person)
            throw fieldError('body.assignee_id', 'maintenance.unknownAssignee', { id: body.assignee_id });
          Object.assign(patch, { assigneeId: person.id, dueSoonNoticedAt: null, overdueNoticedAt: null });
          Object.assign(history, { assigneeId: person.id, assigneeName: person.name });
        } else if (body.event === 'return') {
          patch.assigneeId = null;
        } else if (body.event === 'record') {
          await checkFiles(order, body, tx);
          const checklist = applyChecklist(order, body.checklist);
          patch.checklist = checklist;
          Object.assign(history, {
            photos: body.photos,
            signature: body.signature,
            parts: body.parts,
            checklist: body.checklist.map((r) => checklist[r.index]!),
          });
        } else if (body.event === 'close' || body.event === 'end') {
          patch.closedAt = now;
        }
        await repo.update(order.id, patch, tx);
        await repo.appendHistory(history, tx);
        if (body.event === 'dispatch') await noticeDispatched(notices, order, body.assignee_id, now, tx);
      });
      return deps.detail(scope, id, true);
    },
  };
}

export type WorkOrderActions = ReturnType<typeof createWorkOrderActions>;
