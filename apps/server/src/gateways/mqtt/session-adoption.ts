import type { Logger } from 'pino';
import type { JobLayer } from '../../platform/jobs/job-layer.js';
import type { Task } from '../../platform/jobs/task.js';
import type { DrainResult } from './session-drain.js';
import type { SessionSlot, SessionSlotsRepository } from './session-slots.repository.js';

export interface SessionAdoptionOptions {
  /** This instance's own session (MQTT_SESSION_ID and its connection count). */
  own: SessionSlot;
  instanceId: string;
  repository: Pick<SessionSlotsRepository, 'beat' | 'abandoned' | 'markDrained'>;
  jobs: Pick<JobLayer, 'onLeader'>;
  drain: (slot: SessionSlot) => Promise<DrainResult>;
  logger?: Logger;
  /** Between heartbeats, and between the leader's looks for abandoned sessions (default 5 s). */
  intervalMs?: number;
  /** A session whose owner has not beaten for this long is abandoned (default 3 intervals). */
  staleMs?: number;
}

/**
 * Scale-out with persistent sessions (docs/deploy.md): every instance beats for its own session; the
 * leader drains the sessions of instances that stopped beating (session-drain.ts), so readings the
 * broker keeps routing to a dead member are stored within seconds instead of waiting for it to come
 * back, or being lost when its session expires.
 */
export function startSessionAdoption(options: SessionAdoptionOptions): { stop(): Promise<void> } {
  const intervalMs = options.intervalMs ?? 5000;
  const staleMs = options.staleMs ?? 3 * intervalMs;
  const { repository, logger } = options;

  const beat = () =>
    repository.beat(options.own, options.instanceId).catch((error) => {
      logger?.warn({ err: error }, 'MQTT session heartbeat failed');
    });
  void beat();
  const timer = setInterval(beat, intervalMs);
  timer.unref();

  const tick: Task = options.jobs.onLeader('mqtt session adoption', intervalMs, async () => {
    for (const slot of await repository.abandoned(staleMs)) {
      if (slot.sessionId === options.own.sessionId) continue; // our own beat was late, not absent
      const result = await options.drain(slot);
      if (!result.takenOver) await repository.markDrained(slot.sessionId);
      logger?.info(
        { session: slot.sessionId, ...result },
        'drained the broker session of an absent instance',
      );
    }
  });

  return {
    async stop() {
      clearInterval(timer);
      await tick.stop();
    },
  };
}
