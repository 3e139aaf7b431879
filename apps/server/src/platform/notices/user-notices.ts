import type { Executor } from '../db/client.js';
import { createUserNoticesRepository, type UserNoticeRecord } from './user-notices.repository.js';

export interface UserNoticeInput {
  userId: number;
  /** The feature and row the notice is about, e.g. 'work_order', 17. */
  subject: string;
  subjectId: number;
  kind: string;
  title: string;
  /** Unique per user: the same key never makes a second notice (ticks may run again). */
  dedupeKey: string;
}

/**
 * Notices to one signed-in user, read in the web app (issue 22). Writers pass their transaction so a
 * notice exists exactly when the change it announces does; the bus tells open pages to refetch.
 */
export function createUserNotices(db: Executor) {
  const repo = createUserNoticesRepository(db);
  return {
    notify: async (notice: UserNoticeInput, tx?: Executor): Promise<boolean> =>
      (await repo.insert(notice, tx)) !== null,
    /** As notify, answering the new notice's id (null when the dedupe key already made one). */
    create: (notice: UserNoticeInput, tx?: Executor): Promise<number | null> => repo.insert(notice, tx),
    list: (userId: number, subject: string, limit = 50): Promise<UserNoticeRecord[]> =>
      repo.list(userId, subject, limit),
    markRead: (userId: number, subject: string, at: Date, ids?: number[]) =>
      repo.markRead(userId, subject, at, ids),
  };
}

export type UserNotices = ReturnType<typeof createUserNotices>;
