import type { Executor } from '../../platform/db/client.js';
import { rollupRepository } from './rollup.repository.js';
import type { RollupLevel } from './rollup-levels.js';

/**
 * How far the rollups are (readers choose between rolled-up buckets and raw history by it), and the
 * rewind a bulk back-fill asks for. Other modules use this, not the rollup repository (DESIGN 4).
 */
export const rollupState = {
  doneUntil: (executor: Executor): Promise<Partial<Record<RollupLevel, number>>> =>
    rollupRepository.doneUntil(executor),
  /** History was written from `fromMs` on without the pipeline: roll both levels again from there. */
  rewind: (executor: Executor, fromMs: number): Promise<void> => rollupRepository.rewind(executor, fromMs),
};
