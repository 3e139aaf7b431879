import type { FastifyInstance } from 'fastify';
import { createNoticeWorker, type NoticeWorker, type NoticeWorkerDeps } from './notice-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker of this instance (tests drive it with runOnce()). */
    noticeWorker: NoticeWorker;
  }
}

/**
 * Runs the notice outbox worker with the app on its job layer (which starts once start-up work is
 * done); it stops when the app closes.
 */
export function registerNoticeWorker(
  app: FastifyInstance,
  deps: Omit<NoticeWorkerDeps, 'logger'>,
): NoticeWorker {
  const worker = createNoticeWorker({ ...deps, logger: app.log });
  app.decorate('noticeWorker', worker);
  app.addHook('onClose', async () => worker.stop());
  return worker;
}
