import {
  MAX_TRIGGERS_PER_POINT,
  type TriggerInput,
  type TriggerQuery,
  type TriggerRow,
  type TriggerUpdate,
  triggerProblem,
} from '@fleet/contracts';
import { notFound } from '../../platform/auth/access.js';
import type { Scope } from '../../platform/auth/scope.js';
import { fieldError, noPermission, paramError } from '../../platform/http/errors.js';
import type { DeviceLookup } from '../devices/device-lookup.service.js';
import type { TriggerPatch, TriggerRecord, TriggersRepository } from './triggers.repository.js';

export interface TriggersServiceDeps {
  repo: TriggersRepository;
  devices: Pick<DeviceLookup, 'findVisible'>;
  clock: () => Date;
  /** Recovers the trigger's open alarm at once (and publishes it); the engine's SQL. */
  recoverOpenAlarm(trigger: { id: number; notify: boolean }, message: string): Promise<unknown>;
  /** BUS.alarmDevice: every engine drops what it holds about the device. */
  deviceChanged(deviceId: number): void;
}

const toRow = (r: TriggerRecord): TriggerRow => ({
  id: r.id,
  device_id: r.deviceId,
  point_id: r.pointId,
  point_name: r.pointName,
  point_title: r.pointTitle,
  kind: r.kind,
  title: r.title,
  alarm_type: r.alarmType,
  trigger_optype: r.optype,
  trigger_threshold: { lolmt: r.lolmt, uplmt: r.uplmt },
  level: r.level,
  deadband: r.deadband,
  delay_s: r.delayS,
  stale_s: r.staleS,
  enabled: r.enabled,
  notify: r.notify,
  contact_ids: r.contactIds,
  open_alarm_id: r.openAlarmId,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** The rule fields of a trigger, in the shape `triggerProblem` checks. */
interface RuleFields {
  kind: TriggerRecord['kind'];
  point_id: number | null;
  trigger_optype: number;
  lolmt: number | null;
  uplmt: number | null;
  deadband: number;
  stale_s: number;
}

/** docs/api-alarms.md: `triggerProblem`, plus a deadband no wider than half an outside range. */
function checkRules(rule: RuleFields): void {
  const problem = triggerProblem({
    kind: rule.kind,
    point_id: rule.point_id,
    trigger_optype: rule.trigger_optype || undefined,
    trigger_threshold: { lolmt: rule.lolmt, uplmt: rule.uplmt },
    stale_s: rule.stale_s,
  });
  if (problem) throw paramError(`body.${problem.field}: ${problem.reason}`);
  if (rule.kind === 'limit' && rule.trigger_optype === 7 && rule.lolmt !== null && rule.uplmt !== null) {
    if (2 * rule.deadband > rule.uplmt - rule.lolmt)
      throw fieldError('body.deadband', 'trigger.deadbandTooWide');
  }
}

/** Limit fields only mean something for kind 'limit'. */
const limitFields = (
  kind: TriggerRecord['kind'],
  optype: number | undefined,
  lolmt: number | null,
  uplmt: number | null,
) => (kind === 'limit' ? { optype: optype ?? 0, lolmt, uplmt } : { optype: 0, lolmt: null, uplmt: null });

/** Trigger CRUD (docs/api-alarms.md "Trigger API"). */
export function createTriggersService(deps: TriggersServiceDeps) {
  const { repo, devices, clock } = deps;

  /** Read: the device is visible. Write: it is owned in the caller's data subtree (not assigned). */
  async function deviceFor(scope: Scope, deviceId: number, write: boolean) {
    const device = await devices.findVisible(scope, deviceId);
    if (!device) throw notFound('device not found');
    if (write && !device.owned) throw noPermission();
    return device;
  }

  async function triggerFor(scope: Scope, id: number): Promise<TriggerRecord> {
    const trigger = await repo.find(id);
    if (!trigger) throw notFound('trigger not found');
    await deviceFor(scope, trigger.deviceId, true);
    return trigger;
  }

  async function checkContacts(scope: Scope, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const visible = await repo.visibleContactIds(scope, unique);
    if (visible.length !== unique.length) throw fieldError('body.contact_ids', 'trigger.unknownContact');
    return unique;
  }

  async function answer(id: number): Promise<TriggerRow> {
    const row = await repo.find(id);
    if (!row) throw notFound('trigger not found');
    return toRow(row);
  }

  return {
    async list(scope: Scope, query: TriggerQuery): Promise<TriggerRow[]> {
      await deviceFor(scope, query.device_id, false);
      return (await repo.listByDevice(query.device_id, query.point_id)).map(toRow);
    },

    async create(scope: Scope, input: TriggerInput): Promise<TriggerRow> {
      await deviceFor(scope, input.device_id, true);
      const pointId = input.point_id ?? null;
      const lolmt = input.trigger_threshold?.lolmt ?? null;
      const uplmt = input.trigger_threshold?.uplmt ?? null;
      checkRules({
        kind: input.kind,
        point_id: pointId,
        trigger_optype: input.trigger_optype ?? 0,
        lolmt,
        uplmt,
        deadband: input.deadband,
        stale_s: input.stale_s,
      });
      if (pointId !== null) {
        if (!(await repo.pointOf(input.device_id, pointId)))
          throw fieldError('body.point_id', 'trigger.notPointOfDevice');
        if ((await repo.countOnPoint(pointId)) >= MAX_TRIGGERS_PER_POINT)
          throw fieldError('body.point_id', 'trigger.tooManyOnPoint', { max: MAX_TRIGGERS_PER_POINT });
      }
      const contactIds = await checkContacts(scope, input.contact_ids);
      const id = await repo.transaction(async (tx) => {
        const created = await repo.insert(
          {
            deviceId: input.device_id,
            pointId,
            createdBy: scope.userId,
            title: input.title,
            kind: input.kind,
            alarmType: input.alarm_type,
            ...limitFields(input.kind, input.trigger_optype, lolmt, uplmt),
            level: input.level,
            deadband: input.deadband,
            delayS: input.delay_s,
            staleS: input.stale_s,
            enabled: input.enabled,
            notify: input.notify,
            createdAt: clock(),
          },
          tx,
        );
        await repo.setContacts(created, contactIds, tx);
        if (pointId !== null && input.enabled) await repo.enablePointTriggers(pointId, tx);
        return created;
      });
      deps.deviceChanged(input.device_id);
      return answer(id);
    },

    async update(scope: Scope, id: number, input: TriggerUpdate): Promise<TriggerRow> {
      const current = await triggerFor(scope, id);
      const lolmt = input.trigger_threshold ? (input.trigger_threshold.lolmt ?? null) : current.lolmt;
      const uplmt = input.trigger_threshold ? (input.trigger_threshold.uplmt ?? null) : current.uplmt;
      const optype = input.trigger_optype ?? current.optype;
      const deadband = input.deadband ?? current.deadband;
      checkRules({
        kind: current.kind,
        point_id: current.pointId,
        trigger_optype: optype,
        lolmt,
        uplmt,
        deadband,
        stale_s: input.stale_s ?? current.staleS,
      });
      const contactIds = input.contact_ids && (await checkContacts(scope, input.contact_ids));
      const enabled = input.enabled ?? current.enabled;
      const patch: TriggerPatch = {
        title: input.title,
        alarmType: input.alarm_type,
        ...limitFields(current.kind, optype, lolmt, uplmt),
        level: input.level,
        deadband: input.deadband,
        delayS: input.delay_s,
        staleS: input.stale_s,
        enabled: input.enabled,
        notify: input.notify,
        updatedAt: clock(),
      };
      await repo.transaction(async (tx) => {
        await repo.update(id, patch, tx);
        if (contactIds) await repo.setContacts(id, contactIds, tx);
        if (current.pointId !== null && enabled && !current.enabled)
          await repo.enablePointTriggers(current.pointId, tx);
      });
      if (current.enabled && !enabled) await deps.recoverOpenAlarm(current, 'trigger disabled');
      deps.deviceChanged(current.deviceId);
      return answer(id);
    },

    async remove(scope: Scope, id: number): Promise<null> {
      const current = await triggerFor(scope, id);
      await deps.recoverOpenAlarm(current, 'trigger deleted');
      await repo.delete(id);
      deps.deviceChanged(current.deviceId);
      return null;
    },
  };
}
