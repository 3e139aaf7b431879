import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { rechargeOrders, rechargeRefunds } from './recharge.table.js';

type RefundRecord = typeof rechargeRefunds.$inferSelect;

/**
 * Refund rows and the refund amounts of their top-up orders (refund.service.ts). The service checks
 * the caller (a platform administrator) before any of these; the `lock*` reads hold the row for update
 * in the caller's transaction.
 */
export const refundsRepository = {
  async lockByNo(tx: Executor, outRefundNo: string): Promise<RefundRecord | undefined> {
    const [row] = await tx
      .select()
      .from(rechargeRefunds)
      .where(eq(rechargeRefunds.outRefundNo, outRefundNo))
      .for('update');
    return row;
  },

  async lockOrder(tx: Executor, orderId: number) {
    const [row] = await tx.select().from(rechargeOrders).where(eq(rechargeOrders.id, orderId)).for('update');
    return row;
  },

  async insert(tx: Executor, values: typeof rechargeRefunds.$inferInsert): Promise<RefundRecord> {
    const [row] = await tx.insert(rechargeRefunds).values(values).returning();
    return row!;
  },

  async finish(
    tx: Executor,
    id: number,
    values: Pick<RefundRecord, 'status' | 'refundId' | 'failure' | 'finishedAt'>,
  ): Promise<void> {
    await tx.update(rechargeRefunds).set(values).where(eq(rechargeRefunds.id, id));
  },

  async setOrderRefunds(
    tx: Executor,
    orderId: number,
    values: { refunding: number; refunded?: number },
  ): Promise<void> {
    await tx.update(rechargeOrders).set(values).where(eq(rechargeOrders.id, orderId));
  },

  async byId(db: Executor, id: number): Promise<RefundRecord | undefined> {
    const [row] = await db.select().from(rechargeRefunds).where(eq(rechargeRefunds.id, id));
    return row;
  },

  async byNo(db: Executor, outRefundNo: string): Promise<RefundRecord | undefined> {
    const [row] = await db.select().from(rechargeRefunds).where(eq(rechargeRefunds.outRefundNo, outRefundNo));
    return row;
  },

  async ofOrder(db: Executor, orderId: number): Promise<RefundRecord[]> {
    return db
      .select()
      .from(rechargeRefunds)
      .where(eq(rechargeRefunds.orderId, orderId))
      .orderBy(rechargeRefunds.id);
  },
};
