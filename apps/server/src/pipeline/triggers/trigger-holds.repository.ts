import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { triggerHolds } from '../../platform/jobs/jobs.table.js';

/** A condition that holds but has not lasted delay_s yet (minimum-duration triggers). */
export interface Hold {
  triggerId: number;
  deviceId: number;
  /** Epoch ms of the first reading / offline event where it held. */
  since: number;
  delayMs: number;
  /** The latest value that still held (the stored row keeps the first: no write per reading). */
  value: number | null;
}

const toHold = (r: typeof triggerHolds.$inferSelect): Hold => ({
  triggerId: r.triggerId,
  deviceId: r.deviceId,
  since: r.since.getTime(),
  delayMs: r.delayMs,
  value: r.value,
});

/**
 * Holds live in trigger_holds, so a restart (or another instance) raises the alarm once the delay is
 * over. Memory mirrors the rows of the devices this engine has loaded; the database is written only when
 * a hold begins or ends, never per reading. Whoever deletes a due row raises its alarm (exactly once).
 */
export function createTriggerHolds(db: Db) {
  const known = new Map<number, Hold>();

  return {
    get: (triggerId: number) => known.get(triggerId),

    /** Starts a hold, or adopts the one already stored (begun before a restart or on another instance). */
    async begin(hold: Hold): Promise<Hold> {
      const [inserted] = await db
        .insert(triggerHolds)
        .values({ ...hold, since: new Date(hold.since) })
        .onConflictDoNothing()
        .returning();
      const [row] = inserted
        ? [inserted]
        : await db.select().from(triggerHolds).where(eq(triggerHolds.triggerId, hold.triggerId));
      const held = row ? { ...toHold(row), value: hold.value } : hold;
      known.set(hold.triggerId, held);
      return held;
    },

    /** The condition cleared (or the alarm is being raised now): the hold goes. */
    async end(triggerId: number): Promise<void> {
      if (!known.delete(triggerId)) return;
      await db.delete(triggerHolds).where(eq(triggerHolds.triggerId, triggerId));
    },

    /** Takes a due hold to raise its alarm; undefined when someone else took or ended it. */
    async take(triggerId: number): Promise<Hold | undefined> {
      const latest = known.get(triggerId);
      known.delete(triggerId);
      const [row] = await db.delete(triggerHolds).where(eq(triggerHolds.triggerId, triggerId)).returning();
      if (!row) return undefined;
      return { ...toHold(row), value: latest?.value ?? row.value };
    },

    /** Mirrors the stored holds of these devices (loaded with their triggers), keeping fresher values. */
    async load(deviceIds: readonly number[]): Promise<void> {
      if (deviceIds.length === 0) return;
      const rows = await db
        .select()
        .from(triggerHolds)
        .where(inArray(triggerHolds.deviceId, [...deviceIds]));
      for (const row of rows) if (!known.has(row.triggerId)) known.set(row.triggerId, toHold(row));
    },

    /** Forgets, in memory, holds of a device whose triggers are not among `keep` (disabled or deleted). */
    forgetOthers(deviceId: number, keep: ReadonlySet<number>): void {
      for (const [triggerId, held] of known)
        if (held.deviceId === deviceId && !keep.has(triggerId)) known.delete(triggerId);
    },

    /** Stored holds whose delay is over at `now`, whichever instance began them. */
    async due(now: number): Promise<Hold[]> {
      const rows = await db
        .select()
        .from(triggerHolds)
        .where(
          sql`${triggerHolds.since} + ${triggerHolds.delayMs} * interval '1 millisecond' <= ${new Date(now)}`,
        );
      return rows.map((r) => ({ ...toHold(r), value: known.get(r.triggerId)?.value ?? r.value }));
    },
  };
}

export type TriggerHolds = ReturnType<typeof createTriggerHolds>;
