import { inArray } from 'drizzle-orm';
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
};
