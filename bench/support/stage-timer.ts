import { pipelineRepository } from '../../apps/server/src/pipeline/pipeline.repository.js';

type AnyFn = (...args: never[]) => Promise<unknown>;

/**
 * Wall time the pipeline spends in each of its per-batch statements (summed over batches; with two
 * batches in flight the stages of one overlap the other's, so the sum may exceed the run time).
 * Wraps the repository methods for the duration of `run` and restores them after.
 */
export async function withStageTimes<T>(
  run: () => Promise<T>,
): Promise<{ result: T; stage_ms: Record<string, number> }> {
  const totals: Record<string, number> = {};
  const restore: (() => void)[] = [];
  const wrap = (target: Record<string, unknown>, name: string, label: string) => {
    const original = target[name] as AnyFn;
    target[name] = async (...args: never[]) => {
      const started = performance.now();
      try {
        return await original.apply(target, args);
      } finally {
        totals[label] = (totals[label] ?? 0) + performance.now() - started;
      }
    };
    restore.push(() => {
      target[name] = original;
    });
  };
  const repo = pipelineRepository as unknown as Record<string, unknown>;
  for (const name of ['lockStates', 'insertHistory', 'writeBatchState']) wrap(repo, name, name);
  try {
    const result = await run();
    const stage_ms = Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, Math.round(v)]));
    return { result, stage_ms };
  } finally {
    for (const undo of restore) undo();
  }
}
