import type { EngineTrigger, OpenAlarm } from './alarm-engine.repository.js';

/** What the engine knows of one device: its active triggers and their open alarms. */
export interface DeviceAlarmState {
  triggers: EngineTrigger[];
  /** Point triggers by point id. */
  byPoint: Map<number, EngineTrigger[]>;
  offline: EngineTrigger[];
  /** Open alarm by trigger id. */
  open: Map<number, OpenAlarm>;
}

export function deviceAlarmState(triggers: EngineTrigger[], open: OpenAlarm[]): DeviceAlarmState {
  const byPoint = new Map<number, EngineTrigger[]>();
  const offline: EngineTrigger[] = [];
  for (const trigger of triggers) {
    if (trigger.pointId === null) {
      offline.push(trigger);
      continue;
    }
    const list = byPoint.get(trigger.pointId);
    if (list) list.push(trigger);
    else byPoint.set(trigger.pointId, [trigger]);
  }
  const ids = new Set(triggers.map((t) => t.id));
  return {
    triggers,
    byPoint,
    offline,
    open: new Map(open.filter((o) => ids.has(o.triggerId)).map((o) => [o.triggerId, o])),
  };
}

/**
 * Per-device state, loaded lazily (several devices in one query) and kept until dropped, including
 * "no triggers" so devices without triggers cost one map lookup per batch. A load that overlaps a
 * drop of its device is used once but not kept (it may predate the change).
 */
export function createDeviceCache(load: (deviceIds: number[]) => Promise<Map<number, DeviceAlarmState>>) {
  const states = new Map<number, DeviceAlarmState>();
  const loading = new Map<number, Promise<DeviceAlarmState>>();
  let generation = 0;
  let droppedAllAt = 0;
  const droppedAt = new Map<number, number>();

  function fetch(deviceIds: number[]): void {
    const started = generation;
    const batch = load(deviceIds);
    for (const id of deviceIds) {
      const one = batch.then((found) => {
        const state = found.get(id) ?? deviceAlarmState([], []);
        if (loading.get(id) === one) loading.delete(id);
        if (droppedAllAt <= started && (droppedAt.get(id) ?? 0) <= started) states.set(id, state);
        return state;
      });
      // A failed load is reported by whoever awaits it; later calls try again.
      one.catch(() => {
        if (loading.get(id) === one) loading.delete(id);
      });
      loading.set(id, one);
    }
  }

  return {
    /** The cached state, without loading. */
    peek: (deviceId: number) => states.get(deviceId),

    async get(deviceId: number): Promise<DeviceAlarmState> {
      const cached = states.get(deviceId);
      if (cached) return cached;
      if (!loading.has(deviceId)) fetch([deviceId]);
      return loading.get(deviceId)!;
    },

    /** Starts one load for every device not cached nor loading. */
    prefetch(deviceIds: Iterable<number>): void {
      const missing = [...deviceIds].filter((id) => !states.has(id) && !loading.has(id));
      if (missing.length > 0) fetch(missing);
    },

    /** Forgets one device (null: every device). */
    drop(deviceId: number | null): void {
      generation += 1;
      if (deviceId === null) {
        droppedAllAt = generation;
        droppedAt.clear();
        states.clear();
        loading.clear();
        return;
      }
      droppedAt.set(deviceId, generation);
      states.delete(deviceId);
      loading.delete(deviceId);
    },
  };
}

export type DeviceCache = ReturnType<typeof createDeviceCache>;
