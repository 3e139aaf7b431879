import { eq, inArray } from 'drizzle-orm';
import { otaGatewaySignal } from '../modules/ota/commands.table.js';
import { otaGateways } from '../modules/ota/registry.table.js';
import type { Executor } from '../platform/db/client.js';

export type DemoOtaGateway = Pick<
  typeof otaGateways.$inferSelect,
  'imei' | 'firmwareVersion' | 'firmwareCounter' | 'paramVersion' | 'model'
>;

/** The DEMO=1 seed's OTA gateway rows (straight writes under the demo account, like demo-fleet). */
export const demoOtaRepository = {
  async gateways(db: Executor, imeis: readonly string[]): Promise<DemoOtaGateway[]> {
    return db
      .select({
        imei: otaGateways.imei,
        firmwareVersion: otaGateways.firmwareVersion,
        firmwareCounter: otaGateways.firmwareCounter,
        paramVersion: otaGateways.paramVersion,
        model: otaGateways.model,
      })
      .from(otaGateways)
      .where(inArray(otaGateways.imei, [...imeis]));
  },

  async insertGateway(tx: Executor, values: typeof otaGateways.$inferInsert): Promise<void> {
    await tx.insert(otaGateways).values(values).onConflictDoNothing();
  },

  /** Gateways (by IMEI) that never answered a csq command, with their ids. */
  async withoutSignal(tx: Executor, imeis: readonly string[]): Promise<{ id: number; imei: string }[]> {
    const rows = await tx
      .select({ id: otaGateways.id, imei: otaGateways.imei, csqAt: otaGateways.csqAt })
      .from(otaGateways)
      .where(inArray(otaGateways.imei, [...imeis]));
    return rows.filter((r) => r.csqAt === null);
  },

  /** A signal history, and its last answer as the gateway's latest. */
  async insertSignal(tx: Executor, gatewayId: number, rows: { rssi: number; ber: number; at: Date }[]) {
    if (rows.length === 0) return;
    await tx.insert(otaGatewaySignal).values(rows.map((r) => ({ ...r, gatewayId })));
    const last = rows.at(-1)!;
    await tx
      .update(otaGateways)
      .set({ csqRssi: last.rssi, csqBer: last.ber, csqAt: last.at })
      .where(eq(otaGateways.id, gatewayId));
  },
};
