import type { Executor } from '../../platform/db/client.js';
import { createSystemRepository } from './system.repository.js';

/**
 * The platform options other modules read (module switches, alarm levels) and the first start
 * seeds, through the system module (DESIGN 4) rather than its repository.
 */
export function createPlatformOptions(db: Executor) {
  const repo = createSystemRepository(db);
  return {
    getOption: (name: string, tx?: Executor) => repo.getOption(name, tx),
    seedOption: (name: string, value: unknown, tx?: Executor) => repo.seedOption(name, value, tx),
    /** Settings other modules own (fee base prices, the map's basemap); the caller checks who may change them. */
    setOption: (name: string, value: unknown, tx?: Executor) => repo.setOption(name, value, tx),
  };
}

export type PlatformOptions = ReturnType<typeof createPlatformOptions>;
