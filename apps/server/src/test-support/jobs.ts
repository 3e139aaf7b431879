import { randomUUID } from 'node:crypto';
import { createLocalBus, type EventBus } from '../platform/bus/event-bus.js';
import type { Database } from '../platform/db/client.js';
import { createJobLayer, type JobLayer } from '../platform/jobs/job-layer.js';
import { createLeader } from '../platform/jobs/leader.js';

/** A job layer of its own "instance" on a test database (leader retries fast on PostgreSQL). */
export function createTestJobLayer(
  database: Database,
  options: { bus?: EventBus; clock?: () => Date } = {},
): JobLayer {
  return createJobLayer({
    database,
    bus: options.bus ?? createLocalBus(),
    leader: createLeader(database, { retryMs: 100 }),
    instanceId: randomUUID(),
    clock: options.clock ?? (() => new Date()),
  });
}
