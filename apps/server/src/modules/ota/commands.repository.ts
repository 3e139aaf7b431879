import type { CommandStatus, OtaCommandListQuery, OtaCommandRow } from '@fleet/contracts';
import { and, asc, count, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { ownerIdInScope } from '../../platform/tenancy/scope.js';
import { otaGatewayCommands, otaGatewaySignal } from './commands.table.js';
import { otaPlanDevices, otaPlans } from './plans.table.js';
import { otaGateways } from './registry.table.js';

export type OtaCommandRecord = typeof otaGatewayCommands.$inferSelect;
export type NewOtaCommand = Omit<typeof otaGatewayCommands.$inferInsert, 'id'>;
export type OtaCommandPatch = Partial<
  Pick<OtaCommandRecord, 'status' | 'error' | 'sentAt' | 'answeredAt' | 'planId' | 'rssi' | 'ber'>
>;
export type OtaSignalRecord = typeof otaGatewaySignal.$inferSelect;

const iso = (at: Date | null) => at?.toISOString() ?? null;

export const toCommandRow = (c: OtaCommandRecord): OtaCommandRow => ({
  id: c.id,
  gateway_id: c.gatewayId,
  imei: c.imei,
  kind: c.kind,
  status: c.status,
  error: c.error,
  project_id: c.projectId,
  application_id: c.applicationId,
  plan_id: c.planId,
  param_version: c.paramVersion,
  rssi: c.rssi,
  ber: c.ber,
  created_by: c.createdBy,
  created_at: c.createdAt.toISOString(),
  sent_at: iso(c.sentAt),
  answered_at: iso(c.answeredAt),
});

/**
 * Gateway command rows and csq answers. Scope: the command's gateway row must be in the caller's data
 * (the gateway's owner now, so a gateway handed on takes its history along).
 */
export function createOtaCommandsRepository(db: Executor) {
  const visible = (scope: Scope) => ownerIdInScope(scope, otaGateways.ownerUserId);

  return {
    async insert(values: NewOtaCommand): Promise<OtaCommandRecord> {
      const [row] = await db.insert(otaGatewayCommands).values(values).returning();
      return row!;
    },

    /** `onlyIf` guards against overwriting a later status (a late answer after a restart's sweep). */
    async update(
      id: number,
      patch: OtaCommandPatch,
      onlyIf?: CommandStatus,
    ): Promise<OtaCommandRecord | undefined> {
      const where = onlyIf
        ? and(eq(otaGatewayCommands.id, id), eq(otaGatewayCommands.status, onlyIf))
        : eq(otaGatewayCommands.id, id);
      await db.update(otaGatewayCommands).set(patch).where(where);
      return this.row(id);
    },

    async row(id: number): Promise<OtaCommandRecord | undefined> {
      const [row] = await db.select().from(otaGatewayCommands).where(eq(otaGatewayCommands.id, id));
      return row;
    },

    async find(scope: Scope, id: number): Promise<OtaCommandRecord | undefined> {
      const [row] = await db
        .select({ command: otaGatewayCommands })
        .from(otaGatewayCommands)
        .innerJoin(otaGateways, eq(otaGateways.id, otaGatewayCommands.gatewayId))
        .where(and(eq(otaGatewayCommands.id, id), visible(scope)));
      return row?.command;
    },

    async list(scope: Scope, q: Omit<OtaCommandListQuery, 'page' | 'limit'>, limit: number, offset: number) {
      const where = and(
        visible(scope),
        q.gateway_id !== undefined ? eq(otaGatewayCommands.gatewayId, q.gateway_id) : undefined,
        q.kind !== undefined ? eq(otaGatewayCommands.kind, q.kind) : undefined,
      );
      const from = () =>
        db
          .select({ command: otaGatewayCommands })
          .from(otaGatewayCommands)
          .innerJoin(otaGateways, eq(otaGateways.id, otaGatewayCommands.gatewayId));
      const [total] = await db
        .select({ n: count() })
        .from(otaGatewayCommands)
        .innerJoin(otaGateways, eq(otaGateways.id, otaGatewayCommands.gatewayId))
        .where(where);
      const rows = await from().where(where).orderBy(desc(otaGatewayCommands.id)).limit(limit).offset(offset);
      return { rows: rows.map((r) => r.command), total: total?.n ?? 0 };
    },

    /** The parameter document of the latest parameter plan the gateway reported, with its version. */
    async currentParams(
      gatewayId: number,
    ): Promise<{ params: Record<string, unknown>; version: number } | null> {
      const [row] = await db
        .select({ params: otaPlans.params, version: otaPlans.paramVersion })
        .from(otaPlanDevices)
        .innerJoin(otaPlans, eq(otaPlans.id, otaPlanDevices.planId))
        .where(
          and(
            eq(otaPlanDevices.gatewayId, gatewayId),
            eq(otaPlans.type, 1),
            eq(otaPlanDevices.state, 'reported'),
          ),
        )
        .orderBy(desc(otaPlans.id))
        .limit(1);
      return row?.params && row.version !== null ? { params: row.params, version: row.version } : null;
    },

    /** Gateways of a project in the caller's data, in id order. */
    async projectGateways(scope: Scope, projectId: number) {
      return db
        .select({ id: otaGateways.id, imei: otaGateways.imei, ownerUserId: otaGateways.ownerUserId })
        .from(otaGateways)
        .where(and(eq(otaGateways.projectId, projectId), visible(scope)))
        .orderBy(asc(otaGateways.id));
    },

    /** A csq answer: one history row, and the gateway row's latest. */
    async recordSignal(gatewayId: number, rssi: number, ber: number, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(otaGatewaySignal).values({ gatewayId, rssi, ber, at });
        await tx
          .update(otaGateways)
          .set({ csqRssi: rssi, csqBer: ber, csqAt: at })
          .where(eq(otaGateways.id, gatewayId));
      });
    },

    async signalHistory(gatewayId: number, from: Date, to: Date): Promise<OtaSignalRecord[]> {
      return db
        .select()
        .from(otaGatewaySignal)
        .where(
          and(
            eq(otaGatewaySignal.gatewayId, gatewayId),
            gte(otaGatewaySignal.at, from),
            lte(otaGatewaySignal.at, to),
          ),
        )
        .orderBy(asc(otaGatewaySignal.at))
        .limit(2000);
    },

    /**
     * Settles what is known without a live wait: upgrades whose one-gateway plan reached a final state,
     * and commands still `send` long after their answer was due (the process waiting for it is gone).
     */
    async settle(staleBefore: Date, now: Date): Promise<void> {
      await db.execute(sql`
        UPDATE ${otaGatewayCommands} c SET
          status = CASE WHEN d.state = 'reported' THEN 'resp' ELSE 'fail' END,
          error = CASE WHEN d.state = 'reported' THEN '' ELSE coalesce(d.reason, 'failed') || coalesce(': ' || d.detail, '') END,
          answered_at = ${now.toISOString()}::timestamptz
        FROM ${otaPlanDevices} d
        WHERE c.kind = 'upgrade' AND c.status = 'send' AND d.plan_id = c.plan_id
          AND d.gateway_id = c.gateway_id AND d.state IN ('reported', 'failed')`);
      await db
        .update(otaGatewayCommands)
        .set({ status: 'networkError', error: 'no answer recorded', answeredAt: now })
        .where(
          and(
            eq(otaGatewayCommands.status, 'send'),
            sql`${otaGatewayCommands.kind} <> 'upgrade'`,
            lt(otaGatewayCommands.sentAt, staleBefore),
          ),
        );
    },
  };
}

export type OtaCommandsRepository = ReturnType<typeof createOtaCommandsRepository>;
