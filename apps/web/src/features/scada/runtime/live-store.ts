import type { Scalar } from '@fleet/scada-model';

/** A point's latest value as the runtime knows it. */
export interface PointValue {
  value: Scalar | null;
  /** Epoch ms of the reading; null when never reported. */
  at: number | null;
}

/** A reading older than this is stale: shown greyed, with its age in the tooltip. */
export const STALE_AFTER_MS = 15 * 60_000;

type Listener = () => void;

/** Readings kept per trend point. */
export const HISTORY_LIMIT = 600;

/**
 * Live values keyed by point id and device status keyed by device id, outside React. Writers call
 * `setValue` / `setDeviceOnline` as often as events arrive; listeners of the changed keys are told once
 * per animation frame (`schedule`), so a burst of LD messages costs one render pass. Each element
 * subscribes to its own keys only and reads a version number as its snapshot: a change to one point
 * re-renders exactly the elements bound to it.
 */
export class LiveStore {
  private readonly values = new Map<string, PointValue>();
  private readonly online = new Map<number, boolean>();
  private readonly versions = new Map<string, number>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly dirty = new Set<string>();
  /** Recent numeric readings of the points a trend shows (oldest first, at most HISTORY_LIMIT). */
  private readonly histories = new Map<string, { at: number; value: number }[]>();
  private scheduled = false;
  /** Bumped by `tick()` so stale checks run again without a new event. */
  clock = 0;

  constructor(
    private readonly schedule: (flush: () => void) => void = (flush) =>
      typeof requestAnimationFrame === 'function' ? requestAnimationFrame(flush) : setTimeout(flush, 16),
  ) {}

  get(pointId: string): PointValue | undefined {
    return this.values.get(pointId);
  }

  /** Unknown devices count as online until told otherwise (their points still show "no data"). */
  isOnline(deviceId: number): boolean {
    return this.online.get(deviceId) ?? true;
  }

  /** Keeps recent readings of this point from now on (for trends). */
  track(pointId: string): void {
    if (!this.histories.has(pointId)) this.histories.set(pointId, []);
  }

  /** Stored history (older than what arrived live) in front of a tracked point's readings. */
  seed(pointId: string, rows: readonly { at: number; value: number }[]): void {
    const history = this.histories.get(pointId);
    if (!history) return;
    const first = history[0]?.at ?? Number.POSITIVE_INFINITY;
    const older = rows.filter((r) => r.at < first && Number.isFinite(r.value));
    if (older.length === 0) return;
    history.unshift(...older);
    if (history.length > HISTORY_LIMIT) history.splice(0, history.length - HISTORY_LIMIT);
    this.mark(`p:${pointId}`);
  }

  history(pointId: string): readonly { at: number; value: number }[] {
    return this.histories.get(pointId) ?? [];
  }

  setValue(pointId: string, value: Scalar | null, at: number | null): void {
    const old = this.values.get(pointId);
    if (old && old.value === value && old.at === at) return;
    // An older reading (a late initial fetch) never replaces a newer live one.
    if (old?.at != null && at != null && at < old.at) return;
    this.values.set(pointId, { value, at });
    const history = this.histories.get(pointId);
    const n = typeof value === 'number' ? value : typeof value === 'boolean' ? Number(value) : Number.NaN;
    if (history && Number.isFinite(n)) {
      history.push({ at: at ?? Date.now(), value: n });
      if (history.length > HISTORY_LIMIT) history.splice(0, history.length - HISTORY_LIMIT);
    }
    this.mark(`p:${pointId}`);
  }

  setDeviceOnline(deviceId: number, online: boolean): void {
    if (this.online.get(deviceId) === online) return;
    this.online.set(deviceId, online);
    this.mark(`d:${deviceId}`);
  }

  /** Re-evaluates every element (stale checks are time based). */
  tick(): void {
    this.clock++;
    for (const key of this.listeners.keys()) this.dirty.add(key);
    this.request();
  }

  /** Sum of the versions of these keys (`p:<pointId>` / `d:<deviceId>`): changes when any of them does. */
  version(keys: readonly string[]): number {
    let sum = this.clock;
    for (const key of keys) sum += this.versions.get(key) ?? 0;
    return sum;
  }

  subscribe(keys: readonly string[], listener: Listener): () => void {
    for (const key of keys) {
      let set = this.listeners.get(key);
      if (!set) {
        set = new Set();
        this.listeners.set(key, set);
      }
      set.add(listener);
    }
    return () => {
      for (const key of keys) this.listeners.get(key)?.delete(listener);
    };
  }

  /** Tells now what is pending (tests; the scheduler calls it once per frame). */
  flush = (): void => {
    this.scheduled = false;
    const called = new Set<Listener>();
    const keys = [...this.dirty];
    this.dirty.clear();
    for (const key of keys) {
      for (const listener of this.listeners.get(key) ?? []) {
        if (called.has(listener)) continue;
        called.add(listener);
        listener();
      }
    }
  };

  private mark(key: string): void {
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
    this.dirty.add(key);
    this.request();
  }

  private request(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(this.flush);
  }
}
