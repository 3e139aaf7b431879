import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { mqttSessionSlots } from './session-slots.table.js';

export interface SessionSlot {
  sessionId: string;
  connections: number;
}

/** Heartbeats of the instances' broker sessions and the drains of abandoned ones. */
export function createSessionSlotsRepository(db: Executor) {
  return {
    async beat(slot: SessionSlot, instanceId: string): Promise<void> {
      await db
        .insert(mqttSessionSlots)
        .values({ ...slot, instanceId, heartbeatAt: sql`now()` })
        .onConflictDoUpdate({
          target: mqttSessionSlots.sessionId,
          set: { connections: slot.connections, instanceId, heartbeatAt: sql`now()` },
        });
    },

    /** Sessions whose owner has not beaten for `staleMs` and that were not drained since. */
    async abandoned(staleMs: number): Promise<SessionSlot[]> {
      return db
        .select({ sessionId: mqttSessionSlots.sessionId, connections: mqttSessionSlots.connections })
        .from(mqttSessionSlots)
        .where(
          and(
            lt(mqttSessionSlots.heartbeatAt, sql`now() - make_interval(secs => ${staleMs / 1000})`),
            or(
              isNull(mqttSessionSlots.drainedAt),
              lt(mqttSessionSlots.drainedAt, mqttSessionSlots.heartbeatAt),
            ),
          ),
        );
    },

    async markDrained(sessionId: string): Promise<void> {
      await db
        .update(mqttSessionSlots)
        .set({ drainedAt: sql`now()` })
        .where(eq(mqttSessionSlots.sessionId, sessionId));
    },
  };
}

export type SessionSlotsRepository = ReturnType<typeof createSessionSlotsRepository>;
