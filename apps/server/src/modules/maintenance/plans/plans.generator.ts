import {
  type PlanPreNotify,
  type PlanStatus,
  type PlanTimeUnit,
  PRE_NOTIFY_AHEAD,
  planEventForOrderStatus,
  planTransition,
  WorkOrderStatus,
  WorkOrderType,
} from '@fleet/contracts';
import type { Database, Executor } from '../../../platform/db/client.js';
import type { JobLayer } from '../../../platform/jobs/job-layer.js';
import { createUserNotices, type UserNotices } from '../../../platform/notices/user-notices.js';
import { createWorkOrdersRepository, type WorkOrdersRepository } from '../work-orders.repository.js';
import { noticeDispatched, WORK_ORDER_SUBJECT } from '../work-orders.service.js';
import { occurrenceAt, type PlanCalendar } from './plan-schedule.js';
import { createPlansRepository, type PlanRecord, type PlansRepository } from './plans.repository.js';

/** How often the leader raises due occurrences, reads meters and lets plans follow their orders. */
export const PLAN_TICK_MS = 60_000;
/** At most this many missed occurrences of one plan are raised per tick (a long outage catches up slowly). */
const CATCH_UP = 10;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const calendarOf = (p: PlanRecord): PlanCalendar => ({
  startDate: p.startDate,
  dueTime: p.dueTime,
  timeZone: p.timeZone,
  period: p.period,
  timeUnit: p.timeUnit as PlanTimeUnit,
  preNotify: p.preNotify as PlanPreNotify,
});

/** A meter plan's order is due after the pre-notify lead (none: at once). */
export function meterDueAt(preNotify: number, now: Date): Date {
  const ahead = PRE_NOTIFY_AHEAD[preNotify as PlanPreNotify] ?? { days: 0, months: 0 };
  return new Date(now.getTime() + (ahead.days + ahead.months * 30) * DAY_MS);
}

/**
 * Running hours in the samples after the last one read: the time from a sample to the next counts when
 * the earlier one was running (value >= 0.5). Nothing is extrapolated past the newest sample.
 */
export function runningHours(
  last: { at: Date; value: number | null } | null,
  samples: readonly { at: Date; value: number | null }[],
): number {
  let hours = 0;
  let prev = last;
  for (const s of samples) {
    if (prev && prev.value !== null && prev.value >= 0.5)
      hours += (s.at.getTime() - prev.at.getTime()) / HOUR_MS;
    prev = s;
  }
  return hours;
}

interface GeneratorDeps {
  plans: PlansRepository;
  orders: WorkOrdersRepository;
  notices: UserNotices;
  clock: () => Date;
}

/**
 * The plan generator (issue 22 item 2), run by the leader's tick (DESIGN 11). Every step runs in a
 * transaction holding the plan row (FOR UPDATE) and claims `(plan, occurrence, target)` in
 * maintenance_plan_orders before raising an order, so a second tick, a second instance or a new leader
 * never raises two orders for one occurrence.
 */
export function createPlanGenerator(deps: GeneratorDeps) {
  const { plans, orders, notices } = deps;

  /** Raises one occurrence's orders (one per device target); returns how many were raised. */
  async function raise(
    plan: PlanRecord,
    occurrence: number,
    dueAt: Date,
    now: Date,
    tx: Executor,
  ): Promise<number> {
    let raised = 0;
    const assignees: { id: number; name: string }[] = [];
    for (const id of plan.assigneeIds) {
      const user = await plans.enabledUser(id, tx);
      if (user) assignees.push(user);
    }
    const assignee = assignees[0] ?? null;
    for (const target of await plans.targetIds(plan.id, tx)) {
      // A ledger asset's order names the asset and the monitored device linked to it, if any (the
      // asset was checked in the editor's scope when the plan was saved); a deleted asset raises nothing.
      const asset = target.type === 1 ? await plans.assetOf(target.id, tx) : undefined;
      if (target.type === 1 && !asset) continue;
      const key = { planId: plan.id, occurrence, targetType: target.type, targetId: target.id };
      if (!(await plans.claimOccurrence({ ...key, dueAt }, tx))) continue;
      const order = await orders.insert(
        {
          ownerUserId: plan.ownerUserId,
          type: WorkOrderType.PLANNED,
          status: assignee ? WorkOrderStatus.DISPATCHED : WorkOrderStatus.PENDING,
          title: plan.name,
          description: plan.description,
          deviceId: asset ? asset.deviceId : target.id,
          assetId: asset?.id ?? null,
          priority: 1,
          dueAt,
          createdBy: plan.createdBy,
          assigneeId: assignee?.id ?? null,
          checklist: plan.checklist.map((label) => ({ label, done: null, note: '' })),
          planId: plan.id,
        },
        tx,
      );
      await plans.linkOrder(key, order.id, tx);
      const base = { orderId: order.id, actorId: null, actorName: plan.name, at: now };
      await orders.appendHistory(
        {
          ...base,
          event: 'create',
          fromStatus: null,
          toStatus: WorkOrderStatus.PENDING,
          note: plan.description,
        },
        tx,
      );
      if (assignee) {
        await orders.appendHistory(
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
      // The other assignees of the plan hear of the order too.
      for (const other of assignees.slice(1))
        await notices.notify(
          {
            userId: other.id,
            subject: WORK_ORDER_SUBJECT,
            subjectId: order.id,
            kind: 'dispatched',
            title: plan.name,
            dedupeKey: `work_order:${order.id}:planned:${other.id}`,
          },
          tx,
        );
      raised += 1;
    }
    return raised;
  }

  const generated = (status: number) => planTransition(status as PlanStatus, 'generate', 'system');

  /** Calendar plans: raise every occurrence whose raise time has come (pre-notify ahead of its due time). */
  async function calendarPlan(id: number, now: Date): Promise<number> {
    return plans.transaction(async (tx) => {
      const plan = await plans.lockForGenerator(id, tx);
      if (plan?.trigger !== 'calendar' || generated(plan.status) === null) return 0;
      const calendar = calendarOf(plan);
      let k = plan.nextOccurrence;
      let raised = 0;
      let next = occurrenceAt(calendar, k);
      for (let i = 0; i < CATCH_UP && next.createAt.getTime() <= now.getTime(); i += 1) {
        raised += await raise(plan, k, next.dueAt, now, tx);
        k += 1;
        next = occurrenceAt(calendar, k);
      }
      if (k === plan.nextOccurrence) return 0;
      await plans.update(
        plan.id,
        {
          nextOccurrence: k,
          nextDueAt: next.dueAt,
          nextCreateAt: next.createAt,
          status: raised > 0 ? (generated(plan.status) ?? plan.status) : plan.status,
          updatedAt: now,
        },
        tx,
      );
      return raised;
    });
  }

  /** Meter plans: running hours reached, or a threshold crossed (once per crossing). */
  async function meterPlan(id: number, now: Date): Promise<number> {
    return plans.transaction(async (tx) => {
      const plan = await plans.lockForGenerator(id, tx);
      if (
        !plan ||
        plan.trigger === 'calendar' ||
        plan.meterPointId === null ||
        generated(plan.status) === null
      )
        return 0;
      const pointId = plan.meterPointId;
      let reached = false;
      const patch: Parameters<PlansRepository['update']>[1] = {};
      if (plan.trigger === 'threshold') {
        const latest = await plans.pointLatestValue(pointId, tx);
        if (!latest || latest.value === null || plan.thresholdValue === null) return 0;
        const beyond =
          plan.thresholdOp === 'above'
            ? latest.value > plan.thresholdValue
            : latest.value < plan.thresholdValue;
        if (beyond && plan.meterArmed) {
          reached = true;
          patch.meterArmed = false;
        } else if (!beyond && !plan.meterArmed) patch.meterArmed = true;
      } else if (plan.meterMode === 'counter') {
        const latest = await plans.pointLatestValue(pointId, tx);
        if (!latest || latest.value === null || plan.meterHours === null) return 0;
        if (plan.meterProgress === null) patch.meterProgress = latest.value;
        else if (latest.value - plan.meterProgress >= plan.meterHours) {
          reached = true;
          patch.meterProgress = latest.value;
        }
      } else {
        if (plan.meterHours === null) return 0;
        const since = plan.meterReadAt ?? now;
        const samples = await plans.pointSamples(pointId, since, now, 10_000, tx);
        const last = plan.meterReadAt ? { at: plan.meterReadAt, value: plan.meterLastValue } : null;
        let progress = (plan.meterProgress ?? 0) + runningHours(last, samples);
        if (progress >= plan.meterHours) {
          reached = true;
          progress -= plan.meterHours * Math.floor(progress / plan.meterHours);
        }
        patch.meterProgress = progress;
        const newest = samples.at(-1);
        if (newest) {
          patch.meterReadAt = newest.at;
          patch.meterLastValue = newest.value;
        } else if (!plan.meterReadAt) patch.meterReadAt = now;
      }
      let raised = 0;
      if (reached) {
        const dueAt = meterDueAt(plan.preNotify, now);
        raised = await raise(plan, plan.nextOccurrence, dueAt, now, tx);
        patch.nextOccurrence = plan.nextOccurrence + 1;
        if (raised > 0) patch.status = generated(plan.status) ?? plan.status;
      }
      if (Object.keys(patch).length > 0) await plans.update(plan.id, { ...patch, updatedAt: now }, tx);
      return raised;
    });
  }

  /** A running plan follows its latest order (dispatched, accepted, handed back, closed, ended). */
  async function followPlan(id: number, status: number, now: Date): Promise<void> {
    const orderStatus = await plans.latestOrderStatus(id);
    if (orderStatus === undefined) return;
    const event = planEventForOrderStatus(orderStatus);
    const next = event ? planTransition(status as PlanStatus, event, 'system') : null;
    if (next === null || next === status) return;
    await plans.transaction(async (tx) => {
      const plan = await plans.lockForGenerator(id, tx);
      if (plan?.status !== status) return; // changed meanwhile (stopped, ended, generated)
      await plans.update(id, { status: next, updatedAt: now }, tx);
    });
  }

  async function follow(now: Date): Promise<void> {
    for (const { id, status } of await plans.runningPlanIds()) await followPlan(id, status, now);
  }

  return {
    calendarPlan,
    meterPlan,
    follow,
    /** A plan just started: raise what is due already and let it follow the order at once. */
    async raiseDue(id: number, now: Date): Promise<number> {
      const raised = await calendarPlan(id, now);
      const [plan] = await plans.runningPlanIds(1, id);
      if (raised > 0 && plan) await followPlan(id, plan.status, now);
      return raised;
    },
    /** One tick: calendar occurrences, meters, then the plans follow their orders. */
    async tick(): Promise<number> {
      const now = deps.clock();
      let raised = 0;
      for (const id of await plans.dueCalendarPlans(now)) raised += await calendarPlan(id, now);
      for (const id of await plans.runningMeterPlans()) raised += await meterPlan(id, now);
      await follow(now);
      return raised;
    },
  };
}

export function createPlanGeneratorFor(db: Executor, clock: () => Date) {
  return createPlanGenerator({
    plans: createPlansRepository(db),
    orders: createWorkOrdersRepository(db),
    notices: createUserNotices(db),
    clock,
  });
}

export function registerPlanGenerator(deps: { database: Database; clock: () => Date; jobs: JobLayer }) {
  const generator = createPlanGeneratorFor(deps.database.db, deps.clock);
  return deps.jobs.onLeader('maintenance plans', PLAN_TICK_MS, () => generator.tick());
}
