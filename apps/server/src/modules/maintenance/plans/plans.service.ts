import {
  allowedPlanEvents,
  isDeletablePlanStatus,
  isFinalPlanStatus,
  type ListResult,
  PLAN_PREVIEW_COUNT,
  type PlanBody,
  type PlanDetail,
  type PlanListQuery,
  type PlanPointOption,
  type PlanPreview,
  type PlanPreviewBody,
  type PlanRole,
  type PlanRow,
  type PlanStatus,
  type PlanUserEvent,
  planTransition,
} from '@fleet/contracts';
import { hasPermission, type Scope } from '../../../platform/auth/scope.js';
import type { Executor } from '../../../platform/db/client.js';
import { fieldError, userMessage } from '../../../platform/http/errors.js';
import { pageWindow } from '../../../platform/http/paging.js';
import { notFound } from '../../devices/device-errors.js';
import { findVisibleAsset } from '../assets/assets.repository.js';
import type { WorkOrdersRepository } from '../work-orders.repository.js';
import { firstOccurrenceFrom, nextOccurrences, type Occurrence, type PlanCalendar } from './plan-schedule.js';
import { calendarOf } from './plans.generator.js';
import type { NewPlan, PlanPatch, PlanRecord, PlansRepository, PlanTargetView } from './plans.repository.js';

export const PLAN_EDIT_PERMISSION = 'maintenance.Plan/edit';

export interface PlansServiceDeps {
  plans: PlansRepository;
  orders: WorkOrdersRepository;
  clock: () => Date;
  /** Raises a started plan's occurrences already inside their pre-notify window at once. */
  raiseDue?: (planId: number, now: Date) => Promise<number>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const previewRow = (o: Occurrence) => ({
  occurrence: o.occurrence,
  due_at: o.dueAt.toISOString(),
  create_at: o.createAt.toISOString(),
});

/** Maintenance plans: list, read with a preview, add, edit, start/stop/resume/end, delete. */
export function createPlansService(deps: PlansServiceDeps) {
  const { plans, orders, clock } = deps;

  function toRow(
    p: PlanRecord,
    targets: PlanTargetView[],
    names: Map<number, string>,
    count: number,
  ): PlanRow {
    return {
      id: p.id,
      name: p.name,
      plan_type: p.planType,
      target_type: p.targetType,
      targets: targets.map((t) => ({ type: t.type, id: t.id, title: t.title })),
      trigger: p.trigger,
      period: p.period,
      time_unit: p.timeUnit,
      start_date: p.startDate,
      due_time: p.dueTime,
      time_zone: p.timeZone,
      pre_notify: p.preNotify,
      assignee_ids: p.assigneeIds,
      assignee_names: p.assigneeIds.map((id) => names.get(id) ?? `#${id}`),
      checklist: p.checklist,
      description: p.description,
      meter_point_id: p.meterPointId,
      meter_mode: p.meterMode,
      meter_hours: p.meterHours,
      threshold_op: p.thresholdOp,
      threshold_value: p.thresholdValue,
      meter_progress: p.trigger === 'runtime' && p.meterMode === 'running' ? (p.meterProgress ?? 0) : null,
      status: p.status,
      next_due_at: iso(p.nextDueAt),
      orders: count,
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    };
  }

  async function rows(list: PlanRecord[]): Promise<PlanRow[]> {
    const ids = list.map((p) => p.id);
    const [targets, names, counts] = await Promise.all([
      plans.targets(ids),
      plans.userNames([...new Set(list.flatMap((p) => p.assigneeIds))]),
      plans.orderCounts(ids),
    ]);
    return list.map((p) =>
      toRow(
        p,
        targets.filter((t) => t.planId === p.id),
        names,
        counts.get(p.id) ?? 0,
      ),
    );
  }

  const roleOf = (scope: Scope): PlanRole =>
    hasPermission(scope, PLAN_EDIT_PERMISSION) ? 'manager' : 'other';

  /** Checks targets, assignees and the meter point; answers the plan columns of the body. */
  async function validated(
    scope: Scope,
    body: PlanBody,
    tx: Executor,
  ): Promise<Omit<NewPlan, 'ownerUserId'>> {
    const ids = [...new Set(body.target_ids)];
    if (body.target_type === 1) {
      // Device ledger assets: meters read a device's own points, so only calendar plans target assets.
      if (body.trigger !== 'calendar') throw fieldError('body.trigger', 'maintenance.planMeterNeedsDevice');
      for (const id of ids)
        if (!(await findVisibleAsset(tx, scope, id)))
          throw fieldError('body.target_ids', 'asset.unknownAsset', { id });
    } else {
      const visible = new Set(await plans.visibleDevices(scope, ids, tx));
      const missing = ids.find((id) => !visible.has(id));
      if (missing !== undefined)
        throw fieldError('body.target_ids', 'maintenance.unknownDevice', { id: missing });
    }
    const assignees = [...new Set(body.assignee_ids)];
    for (const id of assignees)
      if (!(await orders.tenantUser(scope, id, tx)))
        throw fieldError('body.assignee_ids', 'maintenance.unknownAssignee', { id });
    if (body.trigger !== 'calendar' && body.meter_point_id !== null) {
      if (!(await plans.pointOfDevice(body.meter_point_id, ids[0]!, tx)))
        throw fieldError('body.meter_point_id', 'maintenance.unknownPoint', { id: body.meter_point_id });
    }
    const meter = body.trigger !== 'calendar';
    return {
      name: body.name,
      planType: body.plan_type,
      targetType: body.target_type,
      trigger: body.trigger,
      period: body.period,
      timeUnit: body.time_unit,
      startDate: body.start_date,
      dueTime: body.due_time,
      timeZone: body.time_zone,
      preNotify: body.pre_notify,
      assigneeIds: assignees,
      checklist: body.checklist,
      description: body.description,
      meterPointId: meter ? body.meter_point_id : null,
      meterMode: body.meter_mode,
      meterHours: body.trigger === 'runtime' ? body.meter_hours : null,
      thresholdOp: body.threshold_op,
      thresholdValue: body.trigger === 'threshold' ? body.threshold_value : null,
    };
  }

  /** Where a (re)started calendar plan goes on: the first occurrence due from now, never a used number. */
  function scheduleFrom(calendar: PlanCalendar, from: number, now: Date): PlanPatch {
    const next = firstOccurrenceFrom(calendar, now, from);
    return { nextOccurrence: next.occurrence, nextDueAt: next.dueAt, nextCreateAt: next.createAt };
  }

  /** The meter state a started or resumed plan counts from (hours while stopped do not count). */
  const meterFrom = (now: Date): PlanPatch => ({ meterReadAt: now, meterLastValue: null, meterArmed: true });

  return {
    async list(scope: Scope, query: PlanListQuery): Promise<ListResult<PlanRow>> {
      const { limit, offset } = pageWindow(query);
      const { rows: list, total } = await plans.list(scope, query, limit, offset);
      return { rows: await rows(list), total };
    },

    async detail(scope: Scope, id: number): Promise<PlanDetail> {
      const plan = await plans.get(scope, id);
      if (!plan) throw notFound('maintenance plan');
      const [row] = await rows([plan]);
      const now = clock();
      const calendar = calendarOf(plan);
      const preview =
        plan.trigger !== 'calendar' || isFinalPlanStatus(plan.status)
          ? []
          : plan.status === 0 || plan.status === 3
            ? nextOccurrences(
                calendar,
                firstOccurrenceFrom(calendar, now, plan.nextOccurrence).occurrence,
                PLAN_PREVIEW_COUNT,
              )
            : nextOccurrences(calendar, plan.nextOccurrence, PLAN_PREVIEW_COUNT);
      const recent = await plans.recentOrders(plan.id);
      return {
        ...row!,
        allowed_events: allowedPlanEvents(plan.status as PlanStatus, roleOf(scope)),
        deletable: isDeletablePlanStatus(plan.status),
        preview: preview.map(previewRow),
        recent_orders: recent.map((o) => ({
          id: o.id,
          occurrence: o.occurrence,
          status: o.status,
          due_at: iso(o.dueAt),
        })),
      };
    },

    async create(scope: Scope, body: PlanBody): Promise<PlanDetail> {
      const now = clock();
      const id = await plans.transaction(async (tx) => {
        const values = await validated(scope, body, tx);
        const plan = await plans.insert(
          { ...values, ownerUserId: scope.dataOwnerId, status: 0, createdBy: scope.userId, updatedAt: now },
          tx,
        );
        await plans.setTargets(plan.id, body.target_type, [...new Set(body.target_ids)], tx);
        return plan.id;
      });
      return this.detail(scope, id);
    },

    async update(scope: Scope, id: number, body: PlanBody): Promise<PlanDetail> {
      const now = clock();
      await plans.transaction(async (tx) => {
        const plan = await plans.lock(scope, id, tx);
        if (!plan) throw notFound('maintenance plan');
        if (isFinalPlanStatus(plan.status)) throw userMessage('maintenance.planEnded');
        const values = await validated(scope, body, tx);
        const patch: PlanPatch = { ...values, updatedAt: now };
        const running = ![0, 3].includes(plan.status);
        if (running && values.trigger === 'calendar')
          Object.assign(
            patch,
            scheduleFrom(calendarOf({ ...plan, ...values } as PlanRecord), plan.nextOccurrence, now),
          );
        if (
          running &&
          values.trigger !== 'calendar' &&
          (plan.trigger !== values.trigger || plan.meterPointId !== values.meterPointId)
        )
          Object.assign(patch, meterFrom(now), { meterProgress: null, nextDueAt: null, nextCreateAt: null });
        await plans.update(id, patch, tx);
        await plans.setTargets(id, body.target_type, [...new Set(body.target_ids)], tx);
      });
      return this.detail(scope, id);
    },

    /** start, stop, resume, end: through the plan transition table. */
    async act(scope: Scope, id: number, event: PlanUserEvent): Promise<PlanDetail> {
      const now = clock();
      await plans.transaction(async (tx) => {
        const plan = await plans.lock(scope, id, tx);
        if (!plan) throw notFound('maintenance plan');
        const next = planTransition(plan.status as PlanStatus, event, roleOf(scope));
        if (next === null)
          throw userMessage('maintenance.planTransitionRefused', { event, status: plan.status });
        const patch: PlanPatch = { status: next, updatedAt: now };
        if (event === 'start' || event === 'resume') {
          if (plan.trigger === 'calendar')
            Object.assign(patch, scheduleFrom(calendarOf(plan), plan.nextOccurrence, now));
          else Object.assign(patch, meterFrom(now), event === 'start' ? { meterProgress: null } : {});
        }
        if (event === 'stop' || event === 'end')
          Object.assign(patch, { nextDueAt: null, nextCreateAt: null });
        await plans.update(id, patch, tx);
      });
      // An occurrence whose order is due to be raised already (pre-notify window) is raised now, not at
      // the next tick; the generator is idempotent, so the tick finding it too changes nothing.
      if ((event === 'start' || event === 'resume') && deps.raiseDue) await deps.raiseDue(id, now);
      return this.detail(scope, id);
    },

    async remove(scope: Scope, id: number): Promise<null> {
      await plans.transaction(async (tx) => {
        const plan = await plans.lock(scope, id, tx);
        if (!plan) throw notFound('maintenance plan');
        if (!isDeletablePlanStatus(plan.status)) throw userMessage('maintenance.planNotDeletable');
        await plans.remove(id, tx);
      });
      return null;
    },

    /** The next occurrences of an unsaved calendar (the edit drawer), from today on. */
    preview(body: PlanPreviewBody): PlanPreview {
      const calendar: PlanCalendar = {
        startDate: body.start_date,
        dueTime: body.due_time,
        timeZone: body.time_zone,
        period: body.period,
        timeUnit: body.time_unit as PlanCalendar['timeUnit'],
        preNotify: body.pre_notify as PlanCalendar['preNotify'],
      };
      const first = firstOccurrenceFrom(calendar, clock());
      return {
        time_zone: body.time_zone,
        occurrences: nextOccurrences(calendar, first.occurrence, PLAN_PREVIEW_COUNT).map(previewRow),
      };
    },

    async points(scope: Scope, deviceId: number): Promise<PlanPointOption[]> {
      return plans.devicePoints(scope, deviceId);
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
