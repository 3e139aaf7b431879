import { and, count, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { users } from '../users/users.table.js';
import { phoneBindings, phoneCodes } from './sms.table.js';

export type PhoneCodeRecord = typeof phoneCodes.$inferSelect;

/**
 * Verification codes and bound phones (issue 21 item 4). No tenancy rule: a code row is reached by
 * the phone it was sent to (and, for binding, the signed-in user's id); the limits count rows.
 */
export function createPhoneCodesRepository(db: Executor) {
  return {
    async countSince(
      filter: { phone?: string; ip?: string; tenantId?: number },
      since: Date,
    ): Promise<number> {
      const where = [gte(phoneCodes.createdAt, since)];
      if (filter.phone !== undefined) where.push(eq(phoneCodes.phone, filter.phone));
      if (filter.ip !== undefined) where.push(eq(phoneCodes.clientIp, filter.ip));
      if (filter.tenantId !== undefined) where.push(eq(phoneCodes.tenantId, filter.tenantId));
      const [row] = await db
        .select({ n: count() })
        .from(phoneCodes)
        .where(and(...where));
      return row?.n ?? 0;
    },

    /** The user a phone is bound to, with its tenant (the top of its path). */
    async boundUser(phone: string): Promise<{ userId: number; tenantId: number } | null> {
      const [row] = await db
        .select({ userId: phoneBindings.userId, path: users.path })
        .from(phoneBindings)
        .innerJoin(users, eq(users.id, phoneBindings.userId))
        .where(eq(phoneBindings.phone, phone));
      return row ? { userId: row.userId, tenantId: Number(row.path.split('/')[1]) } : null;
    },

    async tenantOf(userId: number): Promise<number | null> {
      const [row] = await db.select({ path: users.path }).from(users).where(eq(users.id, userId));
      return row ? Number(row.path.split('/')[1]) : null;
    },

    /** Closes the live codes of the phone and purpose, then stores the new one (one live code). */
    async replace(values: typeof phoneCodes.$inferInsert, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(phoneCodes)
          .set({ closedAt: now })
          .where(
            and(
              eq(phoneCodes.phone, values.phone),
              eq(phoneCodes.purpose, values.purpose),
              isNull(phoneCodes.closedAt),
            ),
          );
        await tx.insert(phoneCodes).values(values);
      });
    },

    /**
     * Counts one try on the live code (atomically, so parallel guesses cannot exceed `maxTries`) and
     * answers it; null when there is no live code with tries left.
     */
    async tryLive(phone: string, purpose: string, userId: number | null, now: Date, maxTries: number) {
      const [row] = await db
        .update(phoneCodes)
        .set({ tries: sql`${phoneCodes.tries} + 1` })
        .where(
          and(
            eq(phoneCodes.phone, phone),
            eq(phoneCodes.purpose, purpose),
            userId === null ? isNull(phoneCodes.userId) : eq(phoneCodes.userId, userId),
            isNull(phoneCodes.closedAt),
            gt(phoneCodes.expiresAt, now),
            lt(phoneCodes.tries, maxTries),
          ),
        )
        .returning();
      return row ?? null;
    },

    async close(id: number, now: Date): Promise<void> {
      await db.update(phoneCodes).set({ closedAt: now }).where(eq(phoneCodes.id, id));
    },

    async bindingOf(userId: number): Promise<string | null> {
      const [row] = await db
        .select({ phone: phoneBindings.phone })
        .from(phoneBindings)
        .where(eq(phoneBindings.userId, userId));
      return row?.phone ?? null;
    },

    /** Binds (or changes) the user's phone; false when another user holds it. */
    async bind(userId: number, phone: string, now: Date): Promise<boolean> {
      const [other] = await db
        .select({ userId: phoneBindings.userId })
        .from(phoneBindings)
        .where(eq(phoneBindings.phone, phone));
      if (other && other.userId !== userId) return false;
      try {
        await db.transaction(async (tx) => {
          await tx
            .insert(phoneBindings)
            .values({ userId, phone, boundAt: now })
            .onConflictDoUpdate({ target: phoneBindings.userId, set: { phone, boundAt: now } });
          await tx.update(users).set({ phone }).where(eq(users.id, userId));
        });
        return true;
      } catch {
        return false; // the phone was bound by another user meanwhile (unique)
      }
    },
  };
}

export type PhoneCodesRepository = ReturnType<typeof createPhoneCodesRepository>;
