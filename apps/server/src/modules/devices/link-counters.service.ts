import type { Executor } from '../../platform/db/client.js';
import { createDeviceCountersRepository } from './device-counters.repository.js';

export type { CounterIncrement } from './device-counters.repository.js';

/**
 * Where the gateways add the link-health increments they count in memory (malformed frames,
 * exception answers, timeouts): the devices module owns the table (DESIGN 4).
 */
export function createLinkCounterStore(db: Executor) {
  const repo = createDeviceCountersRepository(db);
  return { add: repo.add };
}

export type LinkCounterStore = ReturnType<typeof createLinkCounterStore>;
