import type { KeyObject } from 'node:crypto';
import {
  OTA_FINAL_STATES,
  type OtaDeviceEvent,
  type OtaDeviceState,
  type OtaFailureReason,
  otaDeviceNext,
} from '@fleet/contracts';
import { type OtaNotice, otaProgress, parsePayload } from '@fleet/protocols';
import type { OtaProgressOutcome, OtaSender } from '../../gateways/ota-channel.js';
import type { Executor } from '../../platform/db/client.js';
import type { OtaApplicationsRepository } from './applications.repository.js';
import type { DownloadTokens } from './download-token.js';
import type {
  NewOtaLog,
  OtaPlanDeviceRecord,
  OtaPlanRecord,
  OtaPlansRepository,
} from './plans.repository.js';
import { startDelaySeconds, stepRollout } from './rollout-machine.js';

/** A notified gateway silent this long after its start time (or its last step) fails with `timeout`. */
export const OTA_DEVICE_TIMEOUT_MS = 15 * 60_000;
/** How long a notice's download link stays valid after the gateway's start time. */
const LINK_VALID_S = 48 * 3600;

const EVENT_OF: Record<string, OtaDeviceEvent> = {
  downloading: 'download',
  verified: 'verify',
  applied: 'apply',
  reported: 'report',
  failed: 'fail',
};

export interface OtaRolloutDeps {
  plans: OtaPlansRepository;
  applications: OtaApplicationsRepository;
  tokens: DownloadTokens;
  signingKey: KeyObject;
  clock: () => Date;
  /** Publishes to `d/{imei}/down` (MQTT, or the DTU session's TCP link); false when neither runs here. */
  publishDown(imei: string, payload: string): Promise<boolean>;
  /** The owner of the device registry's login for this IMEI (the MQTT identity), or null. */
  loginOwner(imei: string): Promise<number | null>;
  random?: () => number;
  logger?: { warn(obj: object, msg: string): void };
}

type LogStep = Pick<NewOtaLog, 'state' | 'reason' | 'detail' | 'version' | 'bytes'>;

/**
 * The leader's rollout tick and the gateways' progress (DESIGN 13). No state lives here: each tick
 * reads the plan rows, asks rollout-machine.ts what to do and writes the result, so a restart or
 * another leader continues exactly where this one stopped.
 */
export function createOtaRollout(deps: OtaRolloutDeps) {
  const { plans } = deps;
  const logOf = (
    plan: OtaPlanRecord,
    device: Pick<OtaPlanDeviceRecord, 'imei'>,
    at: Date,
    step: LogStep,
  ): NewOtaLog => ({
    ownerUserId: plan.ownerUserId,
    planId: plan.id,
    planName: plan.name,
    imei: device.imei,
    at,
    ...step,
  });

  async function failAll(
    plan: OtaPlanRecord,
    devices: OtaPlanDeviceRecord[],
    reason: OtaFailureReason,
    detail: string | null,
    at: Date,
    tx: Executor,
  ) {
    for (const d of devices) await plans.updateDevice(d.id, { state: 'failed', reason, detail }, at, tx);
    await plans.appendLog(
      devices.map((d) => logOf(plan, d, at, { state: 'failed', reason, detail })),
      tx,
    );
  }

  function notice(
    plan: OtaPlanRecord,
    app: Awaited<ReturnType<OtaApplicationsRepository['byIds']>>[number] | undefined,
    delay: number,
    now: number,
  ): OtaNotice | null {
    if (plan.type === 1) {
      return { plan_id: plan.id, kind: 'params', params: plan.params as never, start_after_s: delay };
    }
    if (!app) return null;
    const token = deps.tokens.issue(app.sha256, now + delay + LINK_VALID_S);
    return {
      plan_id: plan.id,
      kind: 'firmware',
      url: `${plan.packageBaseUrl}/api/v1/ota/package/${app.sha256}?t=${token}`,
      manifest: app.manifest,
      signature: app.signature,
      start_after_s: delay,
    };
  }

  /** Login owners of the queued devices a tick may notify (at most the plan's rate, in rollout order). */
  async function loginOwners(planId: number): Promise<Map<string, number | null>> {
    const plan = await plans.planById(planId);
    const owners = new Map<string, number | null>();
    if (plan?.state !== 'running') return owners;
    const queued = (await plans.devicesOf(planId))
      .filter((d) => d.state === 'queued')
      .slice(0, plan.ratePerMinute);
    for (const d of queued) owners.set(d.imei, await deps.loginOwner(d.imei));
    return owners;
  }

  /** One tick of one plan, in its own transaction with the plan row locked. */
  async function advance(planId: number): Promise<{ notified: number }> {
    const now = deps.clock();
    const outbox: Array<{ imei: string; payload: string; deviceId: number }> = [];
    // Who holds the MQTT login of each device this tick may notify, looked up before the transaction:
    // the device directory reads the database itself (on PGlite, inside the transaction it would wait
    // for the transaction to end).
    const logins = await loginOwners(planId);
    await plans.transaction(async (tx) => {
      const plan = await plans.lockPlan(planId, tx);
      if (plan?.state !== 'running') return;
      let devices = await plans.devicesOf(planId, tx);
      // Gateways silent past their start time (plus the timeout) fail, so the plan can finish.
      const silent = devices.filter(
        (d) =>
          d.state !== 'queued' &&
          !OTA_FINAL_STATES.has(d.state) &&
          Math.max(d.updatedAt.getTime(), d.startAt?.getTime() ?? 0) + OTA_DEVICE_TIMEOUT_MS <= now.getTime(),
      );
      if (silent.length > 0) {
        await failAll(plan, silent, 'timeout', 'no progress from the gateway', now, tx);
        devices = await plans.devicesOf(planId, tx);
      }
      const minuteAgo = now.getTime() - 60_000;
      const step = stepRollout({
        state: plan.state,
        policy: {
          groupSizes: plan.groupSizes,
          successPercent: plan.successPercent,
          failurePercent: plan.failurePercent,
          ratePerMinute: plan.ratePerMinute,
        },
        devices: devices.map((d) => ({ id: d.id, state: d.state })),
        notifiedLastMinute: devices.filter((d) => d.notifiedAt && d.notifiedAt.getTime() > minuteAgo).length,
        acceptedThroughGroup: plan.acceptedThroughGroup,
      });
      const byId = new Map(devices.map((d) => [d.id, d]));
      if (step.abort.length > 0) {
        const detail = step.reason === 'failure-threshold' ? 'the plan aborted: too many failures' : null;
        await failAll(
          plan,
          step.abort.map((id) => byId.get(id)!),
          'aborted',
          detail,
          now,
          tx,
        );
      }
      if (step.state !== plan.state) {
        const done = step.state === 'completed' || step.state === 'aborted';
        await plans.updatePlan(
          plan.id,
          { state: step.state, stateReason: step.reason, ...(done ? { finishedAt: now } : {}) },
          tx,
        );
      }
      if (step.notify.length === 0) return;
      const [app] = plan.applicationId ? await deps.applications.byIds([plan.applicationId], tx) : [];
      const nowS = Math.floor(now.getTime() / 1000);
      const logs: NewOtaLog[] = [];
      for (const id of step.notify) {
        const device = byId.get(id)!;
        if (!logins.has(device.imei)) continue; // not looked up before this tick: stays queued for the next
        const owner = logins.get(device.imei) ?? null;
        if (owner === null || owner !== device.gatewayOwner) {
          // No MQTT login of this account for the IMEI: nobody to notify (and no one else's gateway).
          const detail = 'no login (device registry, MQTT or DTU) of the gateway’s owner for this IMEI';
          await plans.updateDevice(id, { state: 'failed', reason: 'offline', detail }, now, tx);
          logs.push(logOf(plan, device, now, { state: 'failed', reason: 'offline', detail }));
          continue;
        }
        const delay = startDelaySeconds(plan.startDelayMaxS, deps.random);
        const body = notice(plan, app, delay, nowS);
        if (!body) continue;
        const startAt = new Date(now.getTime() + delay * 1000);
        await plans.updateDevice(id, { state: 'notified', notifiedAt: now, startAt }, now, tx);
        logs.push(logOf(plan, device, now, { state: 'notified' }));
        outbox.push({
          imei: device.imei,
          deviceId: id,
          payload: JSON.stringify({ cmd_id: `ota-${plan.id}-${id}`, ota: body }),
        });
      }
      await plans.appendLog(logs, tx);
    });
    // Published after the commit: a gateway's first progress finds its row notified.
    let sent = 0;
    for (const message of outbox) {
      const published = await deps.publishDown(message.imei, message.payload).catch((error: unknown) => {
        deps.logger?.warn({ err: error, imei: message.imei }, 'OTA notice not published');
        return false;
      });
      if (published) sent++;
      // Outside the plan's lock: only a device still `notified` goes back (an abort may have won).
      else await plans.requeueUnsent(message.deviceId, deps.clock());
    }
    return { notified: sent };
  }

  return {
    advance,

    /** The leader's tick: every running plan, one after the other. */
    async tick(): Promise<number> {
      let notified = 0;
      for (const id of await plans.runningPlanIds()) notified += (await advance(id)).notified;
      return notified;
    },

    /** A message on `d/{imei}/ota` from the authenticated gateway `sender`. */
    async progress(sender: OtaSender, payload: Uint8Array): Promise<OtaProgressOutcome> {
      const parsed = parsePayload(otaProgress, payload);
      if (!parsed.ok) return 'malformed';
      const report = parsed.value;
      const now = deps.clock();
      return plans.transaction(async (tx) => {
        const row = await plans.activeDevice(sender.imei, report.plan_id, tx);
        // The gateway row must be the login's account's: another tenant's IMEI twin moves nothing.
        if (!row || row.gatewayOwner !== sender.ownerUserId) return 'unmatched';
        const { device, plan } = row;
        const repeat = report.state === 'downloading' && device.state === 'downloading';
        const next: OtaDeviceState | null = repeat
          ? 'downloading'
          : otaDeviceNext(device.state, EVENT_OF[report.state]!);
        if (!next) return 'unmatched';
        const version =
          report.version ?? (report.param_version !== undefined ? String(report.param_version) : null);
        await plans.updateDevice(
          device.id,
          {
            state: next,
            ...(report.reason ? { reason: report.reason, detail: report.detail ?? null } : {}),
            ...(report.bytes !== undefined ? { bytes: report.bytes } : {}),
            ...(version ? { version } : {}),
          },
          now,
          tx,
        );
        await plans.appendLog(
          [
            logOf(plan, device, now, {
              state: next,
              reason: report.reason ?? null,
              detail: report.detail ?? null,
              version,
              bytes: report.bytes ?? null,
            }),
          ],
          tx,
        );
        if (next === 'reported' && device.gatewayId !== null) {
          if (plan.type === 2 && report.version) {
            const [app] = plan.applicationId ? await deps.applications.byIds([plan.applicationId], tx) : [];
            await plans.updateGateway(
              device.gatewayId,
              { firmwareVersion: report.version, ...(app ? { firmwareCounter: app.counter } : {}) },
              now,
              tx,
            );
          }
          if (plan.type === 1 && report.param_version !== undefined) {
            await plans.updateGateway(device.gatewayId, { paramVersion: report.param_version }, now, tx);
          }
        }
        return 'accepted';
      });
    },
  };
}

export type OtaRollout = ReturnType<typeof createOtaRollout>;
