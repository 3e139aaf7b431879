import type { Database } from '../../platform/db/client.js';
import type { JobLayer } from '../../platform/jobs/job-layer.js';
import { createUserNotices } from '../../platform/notices/user-notices.js';
import { dueSoonUntil } from './work-orders.mapping.js';
import { createWorkOrdersRepository } from './work-orders.repository.js';
import { WORK_ORDER_SUBJECT } from './work-orders.service.js';

/** How often the leader looks for orders that became due soon or overdue. */
export const WORK_ORDER_DUE_TICK_MS = 60_000;

/**
 * The leader's tick (DESIGN 11): each open, assigned order whose due time comes within the due-soon
 * window, and again once it is past, gets one notice to its assignee. The order row remembers that it
 * was noticed and the notice's dedupe key is unique, so a second tick or a new leader never repeats it.
 */
export function createWorkOrderDueTick(deps: { database: Database; clock: () => Date }) {
  const repo = createWorkOrdersRepository(deps.database.db);
  const notices = createUserNotices(deps.database.db);
  return async function tick(): Promise<number> {
    const now = deps.clock();
    let sent = 0;
    // Overdue first: an order found overdue is not told "due soon" afterwards.
    for (const [which, until] of [
      ['overdue', now],
      ['due_soon', dueSoonUntil(now)],
    ] as const) {
      for (const order of await repo.dueUnnoticed(which, until)) {
        await repo.transaction(async (tx) => {
          const inserted = await notices.notify(
            {
              userId: order.assigneeId!,
              subject: WORK_ORDER_SUBJECT,
              subjectId: order.id,
              kind: which,
              title: order.title,
              dedupeKey: `work_order:${order.id}:${which}:${order.dueAt?.getTime()}:${order.assigneeId}`,
            },
            tx,
          );
          await repo.markNoticed(order.id, which, now, tx);
          if (inserted) sent += 1;
        });
      }
    }
    return sent;
  };
}

export function registerWorkOrderDue(deps: { database: Database; clock: () => Date; jobs: JobLayer }) {
  const tick = createWorkOrderDueTick(deps);
  return deps.jobs.onLeader('work order due', WORK_ORDER_DUE_TICK_MS, tick);
}
