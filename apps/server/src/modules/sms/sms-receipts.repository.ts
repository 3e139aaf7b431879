import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { noticeOutbox } from '../contacts/contacts.table.js';

/**
 * Delivery receipts of SMS and voice notices. A receipt names the provider's message id, which only
 * our own accepted sends carry; it is applied once (a row whose receipt is recorded does not change),
 * so a provider pushing the same batch again changes nothing. No tenancy rule: the route is the
 * provider's, authenticated by the unguessable path token, and touches only rows it names.
 */
export function createSmsReceiptsRepository(db: Executor) {
  return {
    async apply(
      channel: string,
      providerId: string,
      status: 'delivered' | 'failed',
      at: Date,
      answer: string,
    ): Promise<boolean> {
      const rows = await db
        .update(noticeOutbox)
        .set({ receiptStatus: status, receiptAt: at, providerAnswer: answer.slice(0, 500) })
        .where(
          and(
            eq(noticeOutbox.channel, channel),
            eq(noticeOutbox.providerId, providerId),
            eq(noticeOutbox.receiptStatus, ''),
          ),
        )
        .returning({ id: noticeOutbox.id });
      return rows.length > 0;
    },
  };
}

export type SmsReceiptsRepository = ReturnType<typeof createSmsReceiptsRepository>;
