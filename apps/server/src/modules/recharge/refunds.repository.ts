import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
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

  /**
   * Refunds still processing whose next query is due (a row from before the reconciliation, without
   * a time, is due at once), oldest first, with their order's number and pay mode. All tenants: the
   * leader's reconciliation tick is the platform's.
   */
  async due(db: Executor, now: Date, limit: number) {
    return db
      .select({
        id: rechargeRefunds.id,
        outRefundNo: rechargeRefunds.outRefundNo,
        amount: rechargeRefunds.amount,
        queries: rechargeRefunds.queries,
        outTradeNo: rechargeOrders.outTradeNo,
        payMode: rechargeOrders.payMode,
      })
      .from(rechargeRefunds)
      .innerJoin(rechargeOrders, eq(rechargeOrders.id, rechargeRefunds.orderId))
      .where(
        and(
          eq(rechargeRefunds.status, 0),
          or(isNull(rechargeRefunds.nextQueryAt), lte(rechargeRefunds.nextQueryAt, now)),
        ),
      )
      .orderBy(asc(rechargeRefunds.id))
      .limit(limit);
  },

  /** Records a query without an outcome, unless the refund was settled meanwhile; true when recorded. */
  async queried(
    db: Executor,
    id: number,
    values: { queries: number; nextQueryAt: Date | null; status: number; failure: string },
  ): Promise<boolean> {
    const rows = await db
      .update(rechargeRefunds)
      .set(values)
      .where(and(eq(rechargeRefunds.id, id), eq(rechargeRefunds.status, 0)))
      .returning({ id: rechargeRefunds.id });
    return rows.length > 0;
  },
};
