import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { paymentMerchants } from './recharge.table.js';

export type MerchantRow = typeof paymentMerchants.$inferSelect;
export type MerchantValues = Omit<typeof paymentMerchants.$inferInsert, 'provider'>;

/** Payment merchant settings: platform-wide rows (no owner), reached only by user type 0 or the system. */
export function createMerchantsRepository(db: Executor) {
  return {
    async get(provider: 'wechat' | 'alipay'): Promise<MerchantRow | undefined> {
      const [row] = await db.select().from(paymentMerchants).where(eq(paymentMerchants.provider, provider));
      return row;
    },
    list: (): Promise<MerchantRow[]> => db.select().from(paymentMerchants).orderBy(paymentMerchants.provider),
    async upsert(provider: 'wechat' | 'alipay', values: MerchantValues): Promise<MerchantRow> {
      const [row] = await db
        .insert(paymentMerchants)
        .values({ provider, ...values })
        .onConflictDoUpdate({ target: paymentMerchants.provider, set: values })
        .returning();
      return row!;
    },
  };
}
export type MerchantsRepository = ReturnType<typeof createMerchantsRepository>;
