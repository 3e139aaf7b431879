import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alarmLog } from '../../modules/alarms/alarms.table.js';
import { contacts, noticeOutbox, triggerContactLinks } from '../../modules/contacts/contacts.table.js';
import { dataPoints, devices } from '../../modules/devices/devices.table.js';
import { triggers } from '../../modules/triggers/triggers.table.js';
import type { Executor } from '../../platform/db/client.js';
import { pointLatest } from '../pipeline.table.js';

/** A trigger as the engine evaluates it (enabled, and its point's trigger_enable is 1). */
export interface EngineTrigger {
  id: number;
  deviceId: number;
  pointId: number | null;
  pointName: string;
  pointTitle: string;
  kind: 'limit' | 'code' | 'stale' | 'offline';
  alarmType: number;
  optype: number;
  lolmt: number | null;
  uplmt: number | null;
  level: number;
  deadband: number;
  delayS: number;
  staleS: number;
  notify: boolean;
  updatedAt: Date;
}

/** The open alarm of a trigger. */
export interface OpenAlarm {
  id: number;
  triggerId: number;
  alarmType: number;
}

/** What a raise writes; the rest of the row comes from the trigger. */
export interface RaiseDraft {
  trigger: Pick<
    EngineTrigger,
    'id' | 'deviceId' | 'pointId' | 'pointName' | 'pointTitle' | 'level' | 'notify'
  >;
  alarmType: number;
  cause: 'limit' | 'code' | 'stale' | 'offline';
  value: number | null;
  threshold: string;
  message: string;
  at: Date;
  /** Device online state to record; undefined = the device's current status. */
  online?: number;
}

/** What a recovery writes. */
export interface RecoverDraft {
  value: number | null;
  message: string;
  at: Date;
  online?: number;
}

/** Ids written by one raise or recovery (committed by the caller's transaction). */
export interface AlarmWrite {
  alarmId: number;
  deviceId: number;
  notices: number;
}

const onlineOf = (deviceId: number, online: number | undefined) =>
  online ?? sql<number>`(select ${devices.status} from ${devices} where ${devices.id} = ${deviceId})`;

/**
 * The SQL of the alarm engine (docs/api-alarms.md "One open alarm per trigger, recovery"). Raise and
 * recover run inside the caller's transaction so the alarm row, the outbox rows and
 * devices.alarm_type commit together.
 */
export function createAlarmEngineRepository(db: Executor) {
  /** Outbox rows for every enabled linked contact and enabled channel; answers how many. */
  async function queueNotices(tx: Executor, triggerId: number, alarmId: number): Promise<number> {
    const linked = await tx
      .select({
        id: contacts.id,
        email: contacts.emailEnabled,
        webhook: contacts.webhookEnabled,
        sms: contacts.smsEnabled,
        voice: contacts.voiceEnabled,
      })
      .from(triggerContactLinks)
      .innerJoin(contacts, eq(contacts.id, triggerContactLinks.contactId))
      // Escalation levels (escalate_after_min > 0) are queued later by the escalation job, if still unhandled.
      .where(
        and(
          eq(triggerContactLinks.triggerId, triggerId),
          eq(contacts.escalateAfterMin, 0),
          eq(contacts.enabled, true),
        ),
      )
      .orderBy(asc(contacts.id));
    const rows = linked.flatMap((c) =>
      (['email', 'webhook', 'sms', 'voice'] as const).flatMap((channel) =>
        c[channel] ? [{ contactId: c.id, alarmId, channel }] : [],
      ),
    );
    if (rows.length > 0) await tx.insert(noticeOutbox).values(rows);
    return rows.length;
  }

  /** SPEC 4 status tag: the type of the device's newest open alarm, else 0. */
  async function refreshDeviceAlarmType(tx: Executor, deviceId: number): Promise<void> {
    await tx
      .update(devices)
      .set({
        alarmType: sql`coalesce((select ${alarmLog.alarmType} from ${alarmLog}
          where ${alarmLog.deviceId} = ${deviceId} and ${alarmLog.recoveredAt} is null
          order by ${alarmLog.at} desc, ${alarmLog.id} desc limit 1), 0)`,
      })
      .where(eq(devices.id, deviceId));
  }

  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    /** Enabled triggers of these devices whose point (if any) has trigger_enable 1. */
    async triggersOf(deviceIds: readonly number[]): Promise<EngineTrigger[]> {
      if (deviceIds.length === 0) return [];
      const rows = await db
        .select({
          id: triggers.id,
          deviceId: triggers.deviceId,
          pointId: triggers.pointId,
          pointName: dataPoints.name,
          pointTitle: dataPoints.title,
          triggerEnable: dataPoints.triggerEnable,
          kind: triggers.kind,
          alarmType: triggers.alarmType,
          optype: triggers.optype,
          lolmt: triggers.lolmt,
          uplmt: triggers.uplmt,
          level: triggers.level,
          deadband: triggers.deadband,
          delayS: triggers.delayS,
          staleS: triggers.staleS,
          notify: triggers.notify,
          updatedAt: triggers.updatedAt,
        })
        .from(triggers)
        .leftJoin(dataPoints, eq(dataPoints.id, triggers.pointId))
        .where(and(inArray(triggers.deviceId, [...deviceIds]), eq(triggers.enabled, true)))
        .orderBy(asc(triggers.id));
      return rows
        .filter((r) => (r.kind === 'offline' ? r.pointId === null : r.triggerEnable === 1))
        .map(({ triggerEnable: _, ...r }) => ({
          ...r,
          pointName: r.pointName ?? '',
          pointTitle: r.pointTitle ?? '',
        }));
    },

    /** Open alarms of these devices that belong to a trigger. */
    async openAlarmsOf(deviceIds: readonly number[]): Promise<OpenAlarm[]> {
      if (deviceIds.length === 0) return [];
      const rows = await db
        .select({ id: alarmLog.id, triggerId: alarmLog.triggerId, alarmType: alarmLog.alarmType })
        .from(alarmLog)
        .where(and(inArray(alarmLog.deviceId, [...deviceIds]), isNull(alarmLog.recoveredAt)));
      return rows.flatMap((r) => (r.triggerId === null ? [] : [{ ...r, triggerId: r.triggerId }]));
    },

    /** The open alarm of one trigger. */
    async openAlarmOf(triggerId: number, tx: Executor = db): Promise<OpenAlarm | undefined> {
      const [row] = await tx
        .select({ id: alarmLog.id, alarmType: alarmLog.alarmType })
        .from(alarmLog)
        .where(and(eq(alarmLog.triggerId, triggerId), isNull(alarmLog.recoveredAt)));
      return row && { ...row, triggerId };
    },

    /**
     * Enabled stale triggers (point trigger_enable 1) without an open alarm, with the time of their
     * point's latest value (null: never reported). Shared by all instances through point_latest.
     */
    async staleCandidates() {
      return db
        .select({
          triggerId: triggers.id,
          deviceId: triggers.deviceId,
          staleS: triggers.staleS,
          updatedAt: triggers.updatedAt,
          latestAt: pointLatest.ts,
        })
        .from(triggers)
        .innerJoin(dataPoints, and(eq(dataPoints.id, triggers.pointId), eq(dataPoints.triggerEnable, 1)))
        .leftJoin(pointLatest, eq(pointLatest.pointId, triggers.pointId))
        .where(
          and(
            eq(triggers.kind, 'stale'),
            eq(triggers.enabled, true),
            sql`${triggers.staleS} > 0`,
            sql`not exists (select 1 from ${alarmLog} where ${alarmLog.triggerId} = ${triggers.id}
              and ${alarmLog.recoveredAt} is null)`,
          ),
        );
    },

    /** Time of a point's latest value (null: never reported). */
    async latestAt(pointId: number): Promise<Date | null> {
      const [row] = await db
        .select({ ts: pointLatest.ts })
        .from(pointLatest)
        .where(eq(pointLatest.pointId, pointId));
      return row?.ts ?? null;
    },

    /**
     * Inserts the alarm unless the trigger already has an open one (partial unique index: several
     * instances may try, one wins). Answers undefined when another raise won.
     */
    async raise(tx: Executor, draft: RaiseDraft): Promise<AlarmWrite | undefined> {
      const { trigger } = draft;
      const [row] = await tx
        .insert(alarmLog)
        .values({
          deviceId: trigger.deviceId,
          triggerId: trigger.id,
          pointId: trigger.pointId,
          alarmType: draft.alarmType,
          level: trigger.level,
          online: onlineOf(trigger.deviceId, draft.online),
          cause: draft.cause,
          value: draft.value,
          pointName: trigger.pointName,
          pointTitle: trigger.pointTitle,
          threshold: draft.threshold,
          message: draft.message,
          at: draft.at,
        })
        .onConflictDoNothing()
        .returning({ id: alarmLog.id });
      if (!row) return undefined;
      const notices = trigger.notify ? await queueNotices(tx, trigger.id, row.id) : 0;
      await refreshDeviceAlarmType(tx, trigger.deviceId);
      return { alarmId: row.id, deviceId: trigger.deviceId, notices };
    },

    /**
     * Closes an open alarm and records the recovery row (alarm_type 3, status 1). Answers undefined
     * when it was already closed (another instance, or a deleted row).
     */
    async recover(
      tx: Executor,
      openId: number,
      draft: RecoverDraft,
      notify: boolean,
    ): Promise<AlarmWrite | undefined> {
      const [open] = await tx
        .update(alarmLog)
        .set({ recoveredAt: draft.at })
        .where(and(eq(alarmLog.id, openId), isNull(alarmLog.recoveredAt)))
        .returning();
      if (!open) return undefined;
      const [row] = await tx
        .insert(alarmLog)
        .values({
          deviceId: open.deviceId,
          triggerId: open.triggerId,
          pointId: open.pointId,
          alarmType: 3,
          level: open.level,
          status: 1,
          online: onlineOf(open.deviceId, draft.online),
          cause: 'recovered',
          value: draft.value,
          pointName: open.pointName,
          pointTitle: open.pointTitle,
          threshold: open.threshold,
          message: draft.message,
          at: draft.at,
          recoveredAt: draft.at,
          recoversId: open.id,
        })
        .returning({ id: alarmLog.id });
      const notices = notify && open.triggerId !== null ? await queueNotices(tx, open.triggerId, row!.id) : 0;
      await refreshDeviceAlarmType(tx, open.deviceId);
      return { alarmId: row!.id, deviceId: open.deviceId, notices };
    },
  };
}

export type AlarmEngineRepository = ReturnType<typeof createAlarmEngineRepository>;
