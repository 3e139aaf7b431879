import type { Logger } from 'pino';
import type { PresenceEvent } from '../../gateways/types.js';
import {
  type AlarmDeviceEvent,
  BUS,
  type DeviceChangedEvent,
  type EventBus,
} from '../../platform/bus/event-bus.js';
import type { Database } from '../../platform/db/client.js';
import type { Pipeline, StoredReading } from '../types.js';
import { codeDraft, limitDraft, offlineDraft, staleDraft } from './alarm-drafts.js';
import {
  type AlarmWrite,
  createAlarmEngineRepository,
  type EngineTrigger,
  type RaiseDraft,
} from './alarm-engine.repository.js';
import { publishAlarmWrites } from './alarm-publish.js';
import { createDeviceCache, type DeviceAlarmState, deviceAlarmState } from './device-cache.js';
import { fireCodeOf, isActive, isClear, isStale } from './evaluate.js';
import { createTriggerHolds, type Hold } from './trigger-holds.repository.js';

export interface AlarmEngineDeps {
  database: Database;
  bus: EventBus;
  pipeline: Pipeline;
  clock: () => Date;
  logger?: Logger;
  /** Sweeper period in real milliseconds (default 1000); the rules use the engine clock. */
  sweepIntervalMs?: number;
}

export interface AlarmEngine {
  start(): void;
  /** Stops listening and the sweeper, then waits for the work already queued. */
  close(): Promise<void>;
  /** Resolves when everything seen so far (readings, presence events, sweeps) is processed. */
  drained(): Promise<void>;
  /** One sweeper pass now: due minimum-duration and offline alarms; stale points every 5 s. */
  sweep(): Promise<void>;
}

/** Seconds of engine clock between two stale checks against point_latest. */
const STALE_CHECK_S = 5;

/**
 * The alarm engine (docs/api-alarms.md "Triggers"): evaluates stored readings, presence transitions
 * and the sweeper against each device's triggers. Work is queued per device (serialised per device,
 * never blocking the pipeline); errors are logged and the queue goes on.
 */
export function createAlarmEngine(deps: AlarmEngineDeps): AlarmEngine {
  const { database, bus, pipeline, clock, logger } = deps;
  const db = database.db;
  const store = createAlarmEngineRepository(db);
  /** Minimum-duration holds, stored so a restart or another instance raises them (trigger_holds). */
  const holds = createTriggerHolds(db);
  /** Triggers whose sweeper raise is queued. */
  const raising = new Set<number>();
  const queues = new Map<number, Promise<void>>();
  let sweeping: Promise<void> | undefined;
  let lastStaleCheck = Number.NEGATIVE_INFINITY;
  let startedAt = clock().getTime();
  let timer: NodeJS.Timeout | undefined;
  const unsubscribes: (() => void)[] = [];

  const cache = createDeviceCache(async (deviceIds) => {
    const triggers = await store.triggersOf(deviceIds);
    const byDevice = new Map<number, EngineTrigger[]>();
    for (const t of triggers) byDevice.set(t.deviceId, [...(byDevice.get(t.deviceId) ?? []), t]);
    const open = await store.openAlarmsOf([...byDevice.keys()]);
    const states = new Map<number, DeviceAlarmState>();
    for (const id of deviceIds) {
      const own = byDevice.get(id) ?? [];
      const state = deviceAlarmState(own, own.length > 0 ? open : []);
      states.set(id, state);
      // Holds of triggers that were disabled or deleted are forgotten (a stored one is dropped when due).
      holds.forgetOthers(id, new Set(state.triggers.map((t) => t.id)));
    }
    // Only devices with a minimum-duration trigger can have holds: no query for the others.
    await holds.load(deviceIds.filter((id) => states.get(id)?.triggers.some((t) => t.delayS > 0)));
    return states;
  });

  const report = (what: string) => (error: unknown) => logger?.error({ err: error }, `alarm engine: ${what}`);

  function enqueue(deviceId: number, job: () => Promise<void>): Promise<void> {
    const tail = (queues.get(deviceId) ?? Promise.resolve()).then(job).catch(report(`device ${deviceId}`));
    queues.set(deviceId, tail);
    void tail.then(() => {
      if (queues.get(deviceId) === tail) queues.delete(deviceId);
    });
    return tail;
  }

  /** Runs `fn` collecting its committed writes, then publishes them (also after a failure midway). */
  async function withWrites(fn: (writes: AlarmWrite[]) => Promise<void>): Promise<void> {
    const writes: AlarmWrite[] = [];
    try {
      await fn(writes);
    } finally {
      await publishAlarmWrites(db, bus, writes);
    }
  }

  async function raise(state: DeviceAlarmState, draft: RaiseDraft, writes: AlarmWrite[]): Promise<void> {
    const write = await store.transaction((tx) => store.raise(tx, draft));
    await remember(state, draft.trigger.id, write, draft.alarmType, writes);
  }

  /** Records a raise in the device state; when another instance won, learns its open alarm. */
  async function remember(
    state: DeviceAlarmState,
    triggerId: number,
    write: AlarmWrite | undefined,
    alarmType: number,
    writes: AlarmWrite[],
  ): Promise<void> {
    if (write) {
      writes.push(write);
      state.open.set(triggerId, { id: write.alarmId, triggerId, alarmType });
      return;
    }
    const open = await store.openAlarmOf(triggerId);
    if (open) state.open.set(triggerId, open);
  }

  async function recover(
    state: DeviceAlarmState,
    trigger: EngineTrigger,
    draft: { value: number | null; at: Date; message: string; online?: number },
    writes: AlarmWrite[],
  ): Promise<void> {
    const open = state.open.get(trigger.id);
    if (!open) return;
    const write = await store.transaction((tx) => store.recover(tx, open.id, draft, trigger.notify));
    state.open.delete(trigger.id);
    if (write) writes.push(write);
  }

  /* ------------------------------------------------------------ readings */

  async function onLimit(
    state: DeviceAlarmState,
    trigger: EngineTrigger,
    r: StoredReading,
    v: number,
    writes: AlarmWrite[],
  ) {
    if (state.open.has(trigger.id)) {
      if (isClear(trigger, v))
        await recover(state, trigger, { value: v, at: new Date(r.ts), message: 'recovered' }, writes);
      return;
    }
    if (!isActive(trigger, v)) {
      await holds.end(trigger.id);
      return;
    }
    const delayMs = trigger.delayS * 1000;
    if (delayMs > 0) {
      const held =
        holds.get(trigger.id) ??
        (await holds.begin({
          triggerId: trigger.id,
          deviceId: trigger.deviceId,
          since: r.ts,
          delayMs,
          value: v,
        }));
      held.value = v;
      if (r.ts - held.since < delayMs) return;
    }
    await holds.end(trigger.id);
    await raise(state, limitDraft(trigger, v, new Date(r.ts)), writes);
  }

  /** Fire codes: 101-108 raise that type; another code recovers the old one and raises the new. */
  async function onCode(
    state: DeviceAlarmState,
    trigger: EngineTrigger,
    r: StoredReading,
    v: number,
    writes: AlarmWrite[],
  ) {
    const code = fireCodeOf(v);
    const open = state.open.get(trigger.id);
    if ((open?.alarmType ?? 0) === code) return;
    const at = new Date(r.ts);
    const result = await store.transaction(async (tx) => {
      const recovered = open
        ? await store.recover(
            tx,
            open.id,
            { value: v, at, message: code ? `code ${code}` : 'code cleared' },
            trigger.notify,
          )
        : undefined;
      const raised = code ? await store.raise(tx, codeDraft(trigger, code, v, at)) : undefined;
      return { recovered, raised };
    });
    state.open.delete(trigger.id);
    if (result.recovered) writes.push(result.recovered);
    if (code) await remember(state, trigger.id, result.raised, code, writes);
  }

  async function processReadings(deviceId: number, readings: StoredReading[]): Promise<void> {
    const state = await cache.get(deviceId);
    if (state.byPoint.size === 0) return;
    readings.sort((a, b) => a.ts - b.ts);
    await withWrites(async (writes) => {
      for (const r of readings) {
        const v = r.value as number;
        for (const trigger of state.byPoint.get(r.pointId) ?? []) {
          if (trigger.kind === 'limit') await onLimit(state, trigger, r, v, writes);
          else if (trigger.kind === 'code') await onCode(state, trigger, r, v, writes);
          else if (trigger.kind === 'stale')
            await recover(
              state,
              trigger,
              { value: v, at: new Date(r.ts), message: 'reading received' },
              writes,
            );
        }
      }
    });
  }

  /** The pipeline listener: filters and queues, never waits. */
  function onStored(batch: readonly StoredReading[]): void {
    try {
      const byDevice = new Map<number, StoredReading[]>();
      for (const r of batch) {
        if (!r.latest || typeof r.value !== 'number') continue;
        const list = byDevice.get(r.deviceId);
        if (list) {
          list.push(r);
          continue;
        }
        const cached = cache.peek(r.deviceId);
        if (cached && cached.byPoint.size === 0) continue;
        byDevice.set(r.deviceId, [r]);
      }
      if (byDevice.size === 0) return;
      cache.prefetch(byDevice.keys());
      for (const [deviceId, readings] of byDevice)
        enqueue(deviceId, () => processReadings(deviceId, readings));
    } catch (error) {
      report('stored batch')(error);
    }
  }

  /* ------------------------------------------------------------ presence */

  async function processPresence(event: PresenceEvent): Promise<void> {
    const state = await cache.get(event.deviceId);
    if (state.offline.length === 0) return;
    const at = new Date(event.at);
    await withWrites(async (writes) => {
      for (const trigger of state.offline) {
        if (event.status === 1) {
          await holds.end(trigger.id);
          await recover(state, trigger, { value: null, at, message: 'device online', online: 1 }, writes);
          continue;
        }
        if (state.open.has(trigger.id) || holds.get(trigger.id)) continue;
        if (trigger.delayS === 0) await raise(state, offlineDraft(trigger, at), writes);
        else
          await holds.begin({
            triggerId: trigger.id,
            deviceId: trigger.deviceId,
            since: event.at,
            delayMs: trigger.delayS * 1000,
            value: null,
          });
      }
    });
  }

  function onPresence(message: unknown): void {
    const event = message as PresenceEvent;
    if (!event || typeof event.deviceId !== 'number') return;
    const cached = cache.peek(event.deviceId);
    if (cached && cached.offline.length === 0) return;
    enqueue(event.deviceId, () => processPresence(event));
  }

  /* ------------------------------------------------------------ sweeper */

  async function raiseHeld(due: Hold): Promise<void> {
    const triggerId = due.triggerId;
    const held = await holds.take(triggerId);
    if (!held) return; // ended meanwhile, or raised by another instance
    const state = await cache.get(held.deviceId);
    const trigger = state.triggers.find((t) => t.id === triggerId);
    if (!trigger || state.open.has(triggerId)) return;
    const at = clock();
    await withWrites(async (writes) => {
      if (trigger.kind === 'offline') await raise(state, offlineDraft(trigger, at), writes);
      else if (trigger.kind === 'limit' && held.value !== null)
        await raise(state, limitDraft(trigger, held.value, at), writes);
    });
  }

  async function raiseStale(triggerId: number, deviceId: number, now: number): Promise<void> {
    const state = await cache.get(deviceId);
    const trigger = state.triggers.find((t) => t.id === triggerId);
    if (trigger?.kind !== 'stale' || trigger.pointId === null || state.open.has(triggerId)) return;
    // A reading may have arrived since the check (it was queued before this job).
    const latest = await store.latestAt(trigger.pointId);
    if (latest && now - latest.getTime() < trigger.staleS * 1000) return;
    await withWrites((writes) => raise(state, staleDraft(trigger, new Date(now)), writes));
  }

  async function checkStale(now: number): Promise<Promise<void>[]> {
    const jobs: Promise<void>[] = [];
    for (const row of await store.staleCandidates()) {
      const latestAt = row.latestAt?.getTime() ?? null;
      if (isStale(now, row.staleS, latestAt, row.updatedAt.getTime(), startedAt))
        jobs.push(enqueue(row.deviceId, () => raiseStale(row.triggerId, row.deviceId, now)));
    }
    return jobs;
  }

  async function runSweep(): Promise<void> {
    const now = clock().getTime();
    const jobs: Promise<void>[] = [];
    // From the table, not memory: holds begun before a restart or on another instance count too.
    for (const due of await holds.due(now)) {
      if (raising.has(due.triggerId)) continue;
      raising.add(due.triggerId);
      const raiseIt = () => raiseHeld(due).finally(() => raising.delete(due.triggerId));
      jobs.push(enqueue(due.deviceId, raiseIt));
    }
    if (now - lastStaleCheck >= STALE_CHECK_S * 1000) {
      lastStaleCheck = now;
      jobs.push(...(await checkStale(now)));
    }
    await Promise.all(jobs);
  }

  function sweep(): Promise<void> {
    sweeping ??= runSweep()
      .catch(report('sweep'))
      .finally(() => {
        sweeping = undefined;
      });
    return sweeping;
  }

  /* ------------------------------------------------------------ lifecycle */

  function drop(message: unknown): void {
    const deviceId = (message as AlarmDeviceEvent | DeviceChangedEvent | undefined)?.deviceId;
    if (typeof deviceId === 'number') cache.drop(deviceId);
    else if (deviceId === null) cache.drop(null);
  }

  async function drained(): Promise<void> {
    while (queues.size > 0 || sweeping) await Promise.all([...queues.values(), sweeping]);
  }

  return {
    start() {
      if (timer) return;
      startedAt = clock().getTime();
      unsubscribes.push(
        pipeline.onStored(onStored),
        bus.subscribe(BUS.presence, onPresence),
        bus.subscribe(BUS.alarmDevice, drop),
        bus.subscribe(BUS.deviceChanged, drop),
      );
      timer = setInterval(() => void sweep(), deps.sweepIntervalMs ?? 1000);
      timer.unref();
    },
    async close() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      if (timer) clearInterval(timer);
      timer = undefined;
      await drained();
    },
    drained,
    sweep,
  };
}
