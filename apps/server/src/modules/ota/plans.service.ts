import {
  type ListResult,
  OTA_DEVICE_STATES,
  OTA_FINAL_STATES,
  type OtaLogListQuery,
  type OtaLogRow,
  type OtaPlanCreateBody,
  type OtaPlanDetail,
  type OtaPlanDeviceListQuery,
  type OtaPlanDeviceRow,
  type OtaPlanListQuery,
  type OtaPlanRow,
  type OtaStateCounts,
  paramVersionProblem,
} from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { fieldError, paramError, userMessage } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import { notFound } from '../devices/device-errors.js';
import type { OtaApplicationsRepository } from './applications.repository.js';
import type { OtaLogRecord, OtaPlansRepository, OtaPlanWithApp, StateCount } from './plans.repository.js';
import { groupOf } from './rollout-machine.js';

const zeroCounts = (): OtaStateCounts =>
  Object.fromEntries(OTA_DEVICE_STATES.map((s) => [s, 0])) as OtaStateCounts;

function toPlanRow(p: OtaPlanWithApp, counts: StateCount[]): OtaPlanRow {
  const total = zeroCounts();
  let devices = 0;
  for (const c of counts) {
    if (c.planId !== p.id) continue;
    total[c.state] += c.n;
    devices += c.n;
  }
  return {
    id: p.id,
    owner_user_id: p.ownerUserId,
    name: p.name,
    type: p.type,
    level: p.level,
    plan_control_all: p.level === 1 ? 1 : 0,
    plan_control_count: p.planControlCount,
    application_id: p.applicationId,
    application_version: p.applicationVersion,
    param_version: p.paramVersion,
    state: p.state,
    state_reason: p.stateReason,
    rollout: {
      group_sizes: p.groupSizes,
      success_percent: p.successPercent,
      failure_percent: p.failurePercent,
      rate_per_minute: p.ratePerMinute,
      start_delay_max_s: p.startDelayMaxS,
    },
    devices,
    counts: total,
    created_at: p.createdAt.toISOString(),
    finished_at: p.finishedAt?.toISOString() ?? null,
  };
}

const toLogRow = (r: OtaLogRecord): OtaLogRow => ({
  id: r.id,
  plan_id: r.planId,
  plan_name: r.planName,
  imei: r.imei,
  state: r.state,
  reason: r.reason,
  detail: r.detail,
  version: r.version,
  bytes: r.bytes,
  at: r.at.toISOString(),
});

export interface OtaPlansServiceDeps {
  plans: OtaPlansRepository;
  applications: OtaApplicationsRepository;
  clock: () => Date;
  /** Wakes the rollout so a new or resumed plan starts without waiting for the next tick. */
  kick?: (planId: number) => void;
}

/** Plans and their progress (docs/api-ota.md "Plans"); the rollout itself is plans.rollout.ts. */
export function createOtaPlansService(deps: OtaPlansServiceDeps) {
  const { plans } = deps;
  const visiblePlan = async (scope: Scope, id: number) => {
    const plan = await plans.get(scope, id);
    if (!plan) throw notFound('plan');
    return plan;
  };
  const conflict = (state: string) => userMessage('ota.planStateConflict', { state });

  return {
    async list(scope: Scope, query: OtaPlanListQuery): Promise<ListResult<OtaPlanRow>> {
      const { limit, offset } = pageWindow(query);
      const { rows, total } = await plans.list(scope, query, limit, offset);
      const counts = await plans.stateCounts(rows.map((r) => r.id));
      return { rows: rows.map((r) => toPlanRow(r, counts)), total };
    },

    async get(scope: Scope, id: number): Promise<OtaPlanDetail> {
      const plan = await visiblePlan(scope, id);
      const counts = await plans.stateCounts([id]);
      const groups = new Map<number, { group: number; devices: number; counts: OtaStateCounts }>();
      for (const c of counts) {
        const g = groups.get(c.group) ?? { group: c.group, devices: 0, counts: zeroCounts() };
        g.counts[c.state] += c.n;
        g.devices += c.n;
        groups.set(c.group, g);
      }
      return {
        ...toPlanRow(plan, counts),
        params: plan.params,
        groups: [...groups.values()].sort((a, b) => a.group - b.group),
      };
    },

    async devices(
      scope: Scope,
      id: number,
      query: OtaPlanDeviceListQuery,
    ): Promise<ListResult<OtaPlanDeviceRow>> {
      await visiblePlan(scope, id);
      const { limit, offset } = pageWindow(query);
      const { rows, total } = await plans.listDevices(id, query, limit, offset);
      return {
        rows: rows.map((d) => ({
          id: d.id,
          plan_id: d.planId,
          gateway_id: d.gatewayId,
          imei: d.imei,
          group: d.groupIndex,
          state: d.state,
          reason: d.reason,
          detail: d.detail,
          bytes: d.bytes,
          version: d.version,
          notified_at: d.notifiedAt?.toISOString() ?? null,
          updated_at: d.updatedAt.toISOString(),
        })),
        total,
      };
    },

    /**
     * Creates the plan and its device rows (level 1: every gateway in the caller's data now) and starts
     * it: the leader's next tick notifies the first group. Gateways outside the caller's data are 10002.
     */
    async create(scope: Scope, body: OtaPlanCreateBody, packageBaseUrl: string): Promise<OtaPlanDetail> {
      const id = await plans.transaction(async (tx) => {
        if (body.type === 2) {
          const app = await deps.applications.get(scope, body.application_id!, tx);
          if (!app)
            throw fieldError('body.application_id', 'ota.unknownApplication', { id: body.application_id! });
        }
        const wanted = body.level === 0 ? [...new Set(body.gateway_ids)] : 'all';
        const gateways = await plans.targetGateways(scope, wanted, tx);
        if (wanted !== 'all' && gateways.length < wanted.length) {
          const found = new Set(gateways.map((g) => g.id));
          const missing = wanted.filter((g) => !found.has(g)).slice(0, 10);
          throw fieldError('body.gateway_ids', 'ota.unknownGateways', { ids: missing.join(', ') });
        }
        if (gateways.length === 0) throw userMessage('ota.noGateways');
        if (body.type === 1) {
          const version = body.params!.param_version;
          const behind = gateways.find((g) => paramVersionProblem(version, g.paramVersion) !== null);
          if (behind) {
            throw fieldError('body.params.param_version', 'ota.paramVersionNotAbove', {
              imei: behind.imei,
              current: behind.paramVersion ?? 0,
            });
          }
        }
        const policy = {
          groupSizes: body.rollout.group_sizes,
          successPercent: 0,
          failurePercent: 0,
          ratePerMinute: 1,
        };
        const groups = groupOf(policy, gateways.length);
        return plans.insertPlan(
          {
            ownerUserId: scope.dataOwnerId,
            name: body.name,
            type: body.type,
            level: body.level,
            planControlCount: body.level === 0 ? gateways.length : null,
            applicationId: body.type === 2 ? body.application_id : null,
            params: body.type === 1 ? (body.params as Record<string, unknown>) : null,
            paramVersion: body.type === 1 ? body.params!.param_version : null,
            state: 'running',
            groupSizes: body.rollout.group_sizes,
            successPercent: body.rollout.success_percent,
            failurePercent: body.rollout.failure_percent,
            ratePerMinute: body.rollout.rate_per_minute,
            startDelayMaxS: body.rollout.start_delay_max_s,
            packageBaseUrl,
            createdAt: deps.clock(),
          },
          gateways.map((g, i) => ({ gatewayId: g.id, imei: g.imei, position: i, groupIndex: groups[i]! })),
          tx,
        );
      });
      deps.kick?.(id);
      return this.get(scope, id);
    },

    async pause(scope: Scope, id: number): Promise<OtaPlanDetail> {
      const plan = await visiblePlan(scope, id);
      if (plan.state !== 'running') throw conflict(plan.state);
      await plans.updatePlan(id, { state: 'paused', stateReason: null });
      return this.get(scope, id);
    },

    /** A plan paused below a group's success share goes on: the finished groups are accepted as they are. */
    async resume(scope: Scope, id: number): Promise<OtaPlanDetail> {
      const plan = await visiblePlan(scope, id);
      if (plan.state !== 'paused') throw conflict(plan.state);
      const devices = await plans.devicesOf(id);
      let accepted = -1;
      const groups = [...new Set(devices.map((d) => d.groupIndex))].sort((a, b) => a - b);
      for (const g of groups) {
        if (!devices.filter((d) => d.groupIndex === g).every((d) => OTA_FINAL_STATES.has(d.state))) break;
        accepted = g;
      }
      await plans.updatePlan(id, {
        state: 'running',
        stateReason: null,
        acceptedThroughGroup: Math.max(plan.acceptedThroughGroup, accepted),
      });
      deps.kick?.(id);
      return this.get(scope, id);
    },

    /** Every unfinished device fails with `aborted`, so each ends in exactly one final state. */
    async abort(scope: Scope, id: number): Promise<OtaPlanDetail> {
      const plan = await visiblePlan(scope, id);
      if (plan.state !== 'running' && plan.state !== 'paused') throw conflict(plan.state);
      const now = deps.clock();
      await plans.transaction(async (tx) => {
        const locked = await plans.lockPlan(id, tx);
        if (!locked || (locked.state !== 'running' && locked.state !== 'paused'))
          throw conflict(locked?.state ?? '');
        const open = (await plans.devicesOf(id, tx)).filter((d) => !OTA_FINAL_STATES.has(d.state));
        for (const d of open)
          await plans.updateDevice(
            d.id,
            { state: 'failed', reason: 'aborted', detail: 'aborted by a user' },
            now,
            tx,
          );
        await plans.appendLog(
          open.map((d) => ({
            ownerUserId: locked.ownerUserId,
            planId: id,
            planName: locked.name,
            imei: d.imei,
            state: 'failed' as const,
            reason: 'aborted' as const,
            detail: 'aborted by a user',
            at: now,
          })),
          tx,
        );
        await plans.updatePlan(id, { state: 'aborted', stateReason: null, finishedAt: now }, tx);
      });
      return this.get(scope, id);
    },

    /** A running or paused plan is aborted first (its gateways may be mid-update). */
    async remove(scope: Scope, id: number): Promise<null> {
      const plan = await visiblePlan(scope, id);
      if (plan.state === 'running' || plan.state === 'paused') throw conflict(plan.state);
      await plans.removePlan(id);
      return null;
    },

    async log(scope: Scope, query: OtaLogListQuery, failedOnly: boolean): Promise<ListResult<OtaLogRow>> {
      if (query.starttime && query.endtime && query.starttime > query.endtime)
        throw paramError('query.starttime: must not be after endtime');
      const { limit, offset } = pageWindow(query);
      const { rows, total } = await plans.listLog(scope, query, failedOnly, limit, offset);
      return { rows: rows.map(toLogRow), total };
    },
  };
}

export type OtaPlansService = ReturnType<typeof createOtaPlansService>;
