import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { userNotices } from './user-notices.table.js';

export type UserNoticeRecord = typeof userNotices.$inferSelect;
export type NewUserNotice = Omit<typeof userNotices.$inferInsert, 'id' | 'readAt'>;

/** Notices to signed-in users (user-notices.ts). */
export function createUserNoticesRepository(db: Executor) {
  return {
    /** Inserts unless the user already has a notice with this dedupe key; its id when inserted, else null. */
    async insert(values: NewUserNotice, tx: Executor = db): Promise<number | null> {
      const rows = await tx
        .insert(userNotices)
        .values(values)
        .onConflictDoNothing({ target: [userNotices.userId, userNotices.dedupeKey] })
        .returning({ id: userNotices.id });
      return rows[0]?.id ?? null;
    },

    async list(userId: number, subject: string, limit: number): Promise<UserNoticeRecord[]> {
      return db
        .select()
        .from(userNotices)
        .where(and(eq(userNotices.userId, userId), eq(userNotices.subject, subject)))
        .orderBy(desc(userNotices.id))
        .limit(limit);
    },

    async markRead(userId: number, subject: string, at: Date, ids?: number[]): Promise<void> {
      await db
        .update(userNotices)
        .set({ readAt: at })
        .where(
          and(
            eq(userNotices.userId, userId),
            eq(userNotices.subject, subject),
            isNull(userNotices.readAt),
            ids ? inArray(userNotices.id, ids) : undefined,
          ),
        );
    },
  };
}
