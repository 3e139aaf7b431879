import type { FastifyInstance } from 'fastify';
import { BUS, type EventBus } from '../bus/event-bus.js';
import type { Database } from '../db/client.js';
import type { JobLayer } from '../jobs/job-layer.js';
import { createEscalationRepository } from './escalation.repository.js';

/** How often the leader looks for alarms whose next escalation level is due. */
export const ESCALATION_EVERY_MS = 30_000;

export interface Escalation {
  /** One pass: queues the due notices and wakes the outbox workers; answers how many. */
  run(): Promise<number>;
}

/**
 * Alarm escalation (issue 21 item 3): contacts with `escalate_after_min` N > 0 form the later levels
 * of a trigger's contacts; an alarm still unhandled N minutes after it was raised is queued for them
 * (every enabled channel) and the outbox sends it. Handling the alarm (status 1 or 2) stops every
 * level not yet reached. The leader runs it on the job layer; no state lives in memory.
 */
export function createEscalation(deps: { database: Database; bus: EventBus; clock: () => Date }): Escalation {
  const repo = createEscalationRepository(deps.database.db);
  return {
    async run() {
      const queued = await repo.queueDue(deps.clock());
      if (queued > 0) deps.bus.publish(BUS.noticeWake, {});
      return queued;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    escalation: Escalation;
  }
}

export function registerEscalation(
  app: FastifyInstance,
  deps: { database: Database; bus: EventBus; clock: () => Date; jobs: JobLayer },
): void {
  const escalation = createEscalation(deps);
  app.decorate('escalation', escalation);
  deps.jobs.onLeader('alarm escalation', ESCALATION_EVERY_MS, () => escalation.run());
}
