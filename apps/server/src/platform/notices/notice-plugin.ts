import type { FastifyInstance } from 'fastify';
import { createNoticeWorker, type NoticeWorker, type NoticeWorkerDeps } from './notice-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker of this instance (tests drive it with runOnce()). */
    noticeWorker: NoticeWorker;
  }
}

/**
 * Runs the notice outbox worker with the app: it starts once the app is ready and start-up work
 * (migrations) is done, and stops when the app closes.
 */
export function registerNoticeWorker(
  app: FastifyInstance,
  deps: Omit<NoticeWorkerDeps, 'logger'> & { ready?: Promise<unknown> },
): NoticeWorker {
  const { ready, ...workerDeps } = deps;
  const worker = createNoticeWorker({ ...workerDeps, logger: app.log });
  app.decorate('noticeWorker', worker);
  app.addHook('onReady', async () => {
    Promise.resolve(ready).then(
      () => worker.start(),
      () => undefined,
    );
  });
  app.addHook('onClose', async () => worker.stop());
  return worker;
}
