import { Cron } from 'croner';
import type { Database } from '../db/client.js';
import { createSchedulesRepository, type ScheduleDefinition } from './schedules.repository.js';

const BATCH = 20;

/**
 * The first run strictly after `after` of a cron expression read in the IANA zone `tz` (the owner's):
 * "0 8 * * *" in Europe/Berlin is 08:00 Berlin time in summer and in winter alike. Null: never again.
 */
export function nextRunAt(cron: string, tz: string, after: Date): Date | null {
  return new Cron(cron, { timezone: tz, paused: true }).nextRun(after);
}

export interface Schedules {
  /** Creates or replaces the schedule named `definition.name`; its next run is computed from `now`. */
  put(definition: ScheduleDefinition, now: Date): Promise<Date | null>;
  remove(name: string): Promise<void>;
  /** Queues one job per due schedule and moves each to its next run; answers how many were queued. */
  queueDue(now: Date): Promise<number>;
}

/** Schedules as rows (DESIGN 11): evaluated by the leader's tick, so a restart or a second instance sees them. */
export function createSchedules(database: Database): Schedules {
  const repo = createSchedulesRepository(database.db);
  return {
    async put(definition, now) {
      const next = nextRunAt(definition.cron, definition.tz, now);
      await repo.upsert(definition, next);
      return next;
    },
    remove: (name) => repo.remove(name),
    async queueDue(now) {
      let queued = 0;
      for (;;) {
        const taken = await repo.withDue(now, BATCH, async (due, tx) => {
          for (const s of due) {
            // A run missed while no leader was up is run once, not once per missed slot.
            await repo.recordRun(tx, s.id, now, nextRunAt(s.cron, s.tz, now), s);
          }
          return due.length;
        });
        queued += taken;
        if (taken < BATCH) return queued;
      }
    },
  };
}
