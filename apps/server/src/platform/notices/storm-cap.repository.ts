import { and, count, eq, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
import { contacts, noticeOutbox } from '../../modules/contacts/contacts.table.js';
import type { Db } from '../db/client.js';

/** Statuses in which a notice holds its storm-cap slot (a permanently failed one gives it back). */
const HOLDING = ['pending', 'sending', 'sent'];

export type StormVerdict =
  | { verdict: 'send' }
  | { verdict: 'digest'; waiting: number }
  | { verdict: 'throttled' };

/**
 * The storm cap decided atomically (issue 21 item 3): the contact's row is locked while the slots
 * of its window are counted and the notice's own slot is written, so two workers or two instances
 * sending to one contact at once see each other's decisions and never send past the cap. The send
 * itself happens after the commit; the slot is the record that it will.
 */
export function createStormCapRepository(db: Db) {
  return {
    async claim(input: {
      noticeId: number;
      contactId: number;
      channel: string;
      cap: number;
      since: Date;
      now: Date;
    }): Promise<StormVerdict> {
      const { noticeId, contactId, channel } = input;
      return db.transaction(async (tx) => {
        await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId)).for('update');
        const [self] = await tx
          .select({ slot: noticeOutbox.stormCountedAt, digestCount: noticeOutbox.digestCount })
          .from(noticeOutbox)
          .where(eq(noticeOutbox.id, noticeId));
        // A retry keeps the slot (and the digest) its first attempt took.
        if (self?.slot)
          return self.digestCount === null
            ? { verdict: 'send' }
            : { verdict: 'digest', waiting: self.digestCount };
        const inWindow = and(
          eq(noticeOutbox.contactId, contactId),
          eq(noticeOutbox.channel, channel),
          isNotNull(noticeOutbox.alarmId),
          gte(noticeOutbox.stormCountedAt, input.since),
          inArray(noticeOutbox.status, HOLDING),
        );
        const [slots] = await tx.select({ n: count() }).from(noticeOutbox).where(inWindow);
        if ((slots?.n ?? 0) < input.cap) {
          await tx
            .update(noticeOutbox)
            .set({ stormCountedAt: input.now })
            .where(eq(noticeOutbox.id, noticeId));
          return { verdict: 'send' };
        }
        const [digest] = await tx
          .select({ id: noticeOutbox.id })
          .from(noticeOutbox)
          .where(and(inWindow, isNotNull(noticeOutbox.digestCount)))
          .limit(1);
        if (digest) return { verdict: 'throttled' };
        // What the digest stands for: this contact's alarm notices on the channel still waiting.
        const [waiting] = await tx
          .select({ n: count() })
          .from(noticeOutbox)
          .where(
            and(
              eq(noticeOutbox.contactId, contactId),
              eq(noticeOutbox.channel, channel),
              isNotNull(noticeOutbox.alarmId),
              isNull(noticeOutbox.stormCountedAt),
              inArray(noticeOutbox.status, ['pending', 'sending']),
            ),
          );
        const n = waiting?.n ?? 0;
        await tx
          .update(noticeOutbox)
          .set({ stormCountedAt: input.now, digestCount: n })
          .where(eq(noticeOutbox.id, noticeId));
        return { verdict: 'digest', waiting: n };
      });
    },
  };
}

export type StormCapRepository = ReturnType<typeof createStormCapRepository>;
