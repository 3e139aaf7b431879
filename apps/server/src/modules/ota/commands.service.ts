import {
  csqLevel,
  type ListResult,
  type OtaCommandKind,
  type OtaCommandListQuery,
  type OtaCommandRow,
  type OtaProjectCommandResult,
  type OtaSignalQuery,
  type OtaSignalReport,
  type OtaUpgradeBody,
} from '@fleet/contracts';
import type { GatewayOrder } from '@fleet/protocols';
import type { Scope } from '../../platform/auth/scope.js';
import { errorOutcome } from '../../platform/commands/local-router.js';
import type { CommandRouter, GatewayOutcome } from '../../platform/commands/types.js';
import { fieldError, userMessage } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import { notFound } from '../devices/device-errors.js';
import { type OtaCommandRecord, type OtaCommandsRepository, toCommandRow } from './commands.repository.js';
import type { OtaPlansService } from './plans.service.js';
import type { OtaRegistryRepository } from './registry.repository.js';

/** A command still `send` this long after it went out lost its waiting process: networkError. */
export const OTA_COMMAND_STALE_MS = 60_000;
const DAY_MS = 24 * 3600_000;
/** Outcomes the router knows before the gateway was reached: the request answers them at once. */
const ANSWERED_AT_ONCE = new Set<GatewayOutcome['status']>(['networkError', 'error']);
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Target {
  id: number;
  imei: string;
  ownerUserId: number;
}

export interface OtaCommandsServiceDeps {
  repo: OtaCommandsRepository;
  registry: Pick<OtaRegistryRepository, 'findGateway' | 'projectVisible'>;
  plans: Pick<OtaPlansService, 'create'>;
  router: Pick<CommandRouter, 'gateway'>;
  /** The device registry's login for this IMEI (the MQTT identity): its id and owner, or null. */
  loginOf(imei: string): Promise<{ deviceId: number; ownerUserId: number } | null>;
  clock: () => Date;
  logError(error: unknown, message: string): void;
}

/** Gateway commands of SPEC 7 with the SPEC 4 lifecycle (docs/api-ota.md "Gateway commands"). */
export function createOtaCommandsService(deps: OtaCommandsServiceDeps) {
  const { repo, clock } = deps;

  async function gateway(scope: Scope, id: number): Promise<Target> {
    const row = await deps.registry.findGateway(scope, id);
    if (!row) throw notFound('gateway');
    return row;
  }

  async function finish(command: OtaCommandRecord, outcome: GatewayOutcome): Promise<void> {
    const at = clock();
    const error = outcome.status === 'resp' ? '' : outcome.error;
    const signal = outcome.status === 'resp' ? outcome.signal : undefined;
    const updated = await repo.update(
      command.id,
      { status: outcome.status, error, answeredAt: at, ...(signal ?? {}) },
      'send',
    );
    if (signal && updated?.status === 'resp')
      await repo.recordSignal(command.gatewayId, signal.rssi, signal.ber, at);
  }

  /** create -> (refused before sending) notAuthorized / networkError, or send -> the gateway's answer. */
  async function dispatch(
    scope: Scope,
    target: Target,
    kind: OtaCommandKind,
    order: GatewayOrder,
    extra: { projectId?: number; paramVersion?: number } = {},
  ): Promise<OtaCommandRecord> {
    const command = await repo.insert({
      gatewayId: target.id,
      ownerUserId: target.ownerUserId,
      imei: target.imei,
      kind,
      status: 'create',
      projectId: extra.projectId ?? null,
      paramVersion: extra.paramVersion ?? null,
      createdBy: scope.userId,
      createdAt: clock(),
    });
    const login = await deps.loginOf(target.imei);
    if (!login) {
      const error = 'the gateway has no login in the device registry: it cannot be online';
      return (await repo.update(command.id, { status: 'networkError', error, answeredAt: clock() }))!;
    }
    if (login.ownerUserId !== target.ownerUserId) {
      // The IMEI logs in as another account's device: never send one account's command to it.
      const error = 'the IMEI logs in as a device of another account';
      return (await repo.update(command.id, { status: 'notAuthorized', error, answeredAt: clock() }))!;
    }
    const outcome = deps.router
      .gateway({ commandId: command.id, deviceId: login.deviceId, order })
      .catch(errorOutcome);
    let known: GatewayOutcome | undefined;
    void outcome.then((value) => {
      known = value;
    });
    const sent = (await repo.update(command.id, { status: 'send', sentAt: clock() }))!;
    await nextTurn();
    if (known && ANSWERED_AT_ONCE.has(known.status)) {
      await finish(sent, known);
      return (await repo.row(command.id))!;
    }
    // The gateway answers later: the web re-reads the command (SPEC 4: after 2000 ms).
    void outcome
      .then((answer) => finish(sent, answer))
      .catch((error) => deps.logError(error, `gateway command ${command.id}: recording the outcome failed`));
    return sent;
  }

  async function deployOrder(target: Target) {
    const current = await repo.currentParams(target.id);
    if (!current) throw userMessage('ota.noParamsToDeploy', { imei: target.imei });
    return { order: { op: 'deploy', params: current.params } as GatewayOrder, paramVersion: current.version };
  }

  async function forProject(scope: Scope, projectId: number, kind: 'deploy' | 'reboot') {
    if (!(await deps.registry.projectVisible(scope, projectId))) throw notFound('project');
    const targets = await repo.projectGateways(scope, projectId);
    if (targets.length === 0) throw userMessage('ota.noProjectGateways', { id: projectId });
    // Every gateway is checked before any command goes out: all or nothing for bad input.
    const orders = [];
    for (const t of targets)
      orders.push(kind === 'deploy' ? await deployOrder(t) : { order: { op: 'reboot' } as const });
    const rows: OtaCommandRecord[] = [];
    for (const [i, t] of targets.entries()) {
      const o = orders[i]!;
      rows.push(
        await dispatch(scope, t, kind, o.order, {
          projectId,
          paramVersion: (o as { paramVersion?: number }).paramVersion,
        }),
      );
    }
    return { commands: rows.map(toCommandRow) };
  }

  const settle = () => repo.settle(new Date(clock().getTime() - OTA_COMMAND_STALE_MS), clock());

  return {
    async deploy(scope: Scope, id: number): Promise<OtaCommandRow> {
      const target = await gateway(scope, id);
      const { order, paramVersion } = await deployOrder(target);
      return toCommandRow(await dispatch(scope, target, 'deploy', order, { paramVersion }));
    },

    async simple(scope: Scope, id: number, op: 'reboot' | 'reload' | 'csq'): Promise<OtaCommandRow> {
      const target = await gateway(scope, id);
      return toCommandRow(await dispatch(scope, target, op, { op }));
    },

    projectDeploy: (scope: Scope, projectId: number): Promise<OtaProjectCommandResult> =>
      forProject(scope, projectId, 'deploy'),

    projectReboot: (scope: Scope, projectId: number): Promise<OtaProjectCommandResult> =>
      forProject(scope, projectId, 'reboot'),

    /**
     * A one-gateway firmware plan to the package: the rollout notifies, the gateway downloads, verifies
     * and reports; the command is `send` until that plan's device ends (resp when reported, else fail).
     */
    async upgrade(scope: Scope, id: number, body: OtaUpgradeBody, origin: string): Promise<OtaCommandRow> {
      const target = await gateway(scope, id);
      const plan = await deps.plans.create(
        scope,
        {
          name: `upgrade ${target.imei}`,
          type: 2,
          level: 0,
          gateway_ids: [target.id],
          application_id: body.application_id,
          params: null,
          rollout: {
            group_sizes: [],
            success_percent: 100,
            failure_percent: 100,
            rate_per_minute: 60,
            start_delay_max_s: 0,
          },
        },
        origin,
      );
      const now = clock();
      const command = await repo.insert({
        gatewayId: target.id,
        ownerUserId: target.ownerUserId,
        imei: target.imei,
        kind: 'upgrade',
        status: 'send',
        applicationId: body.application_id,
        planId: plan.id,
        createdBy: scope.userId,
        createdAt: now,
        sentAt: now,
      });
      return toCommandRow(command);
    },

    async list(scope: Scope, query: OtaCommandListQuery): Promise<ListResult<OtaCommandRow>> {
      await settle();
      const { limit, offset } = pageWindow(query);
      const { rows, total } = await repo.list(scope, query, limit, offset);
      return { rows: rows.map(toCommandRow), total };
    },

    async status(scope: Scope, id: number): Promise<OtaCommandRow> {
      await settle();
      const row = await repo.find(scope, id);
      if (!row) throw notFound('command');
      return toCommandRow(row);
    },

    async signal(scope: Scope, id: number, query: OtaSignalQuery): Promise<OtaSignalReport> {
      const target = await deps.registry.findGateway(scope, id);
      if (!target) throw notFound('gateway');
      const to = query.endtime ?? clock();
      const from = query.starttime ?? new Date(to.getTime() - 7 * DAY_MS);
      if (from.getTime() > to.getTime()) throw fieldError('query.starttime', 'range.startAfterEnd');
      const history = await repo.signalHistory(id, from, to);
      return {
        rssi: target.csqRssi,
        ber: target.csqBer,
        at: target.csqAt?.toISOString() ?? null,
        level: csqLevel(target.csqRssi),
        history: history.map((h) => ({ rssi: h.rssi, ber: h.ber, at: h.at.toISOString() })),
      };
    },
  };
}

export type OtaCommandsService = ReturnType<typeof createOtaCommandsService>;
