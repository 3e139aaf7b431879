import { describe, expect, it, vi } from 'vitest';
import { LiveStore } from './live-store';

describe('the runtime live store', () => {
  it('tells each listener once per frame, only for the keys it watches', () => {
    const frames: (() => void)[] = [];
    const store = new LiveStore((flush) => frames.push(flush));
    const a = vi.fn();
    const b = vi.fn();
    store.subscribe(['p:1', 'd:5'], a);
    store.subscribe(['p:2'], b);
    const before = store.version(['p:1', 'd:5']);
    store.setValue('1', 10, 1000);
    store.setValue('1', 11, 2000);
    store.setDeviceOnline(5, false);
    expect(frames).toHaveLength(1);
    expect(a).not.toHaveBeenCalled();
    frames.shift()!();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    expect(store.version(['p:1', 'd:5'])).toBeGreaterThan(before);
    expect(store.get('1')).toEqual({ value: 11, at: 2000 });
    expect(store.isOnline(5)).toBe(false);
  });

  it('never lets an older reading replace a newer one, and ignores repeats', () => {
    const frames: (() => void)[] = [];
    const store = new LiveStore((flush) => frames.push(flush));
    store.setValue('1', 5, 2000);
    frames.length = 0;
    store.setValue('1', 4, 1000);
    store.setValue('1', 5, 2000);
    expect(frames).toHaveLength(0);
    expect(store.get('1')?.value).toBe(5);
  });

  it('keeps recent readings of tracked points for trends', () => {
    const store = new LiveStore(() => undefined);
    store.track('7');
    store.setValue('7', 1, 1000);
    store.setValue('7', 'x', 2000);
    store.setValue('7', 3, 3000);
    store.setValue('8', 3, 3000);
    expect(store.history('7')).toEqual([
      { at: 1000, value: 1 },
      { at: 3000, value: 3 },
    ]);
    expect(store.history('8')).toEqual([]);
    // Stored history goes in front; what overlaps the live readings is not repeated.
    store.seed('7', [
      { at: 500, value: 9 },
      { at: 1000, value: 1 },
    ]);
    expect(store.history('7').map((r) => r.at)).toEqual([500, 1000, 3000]);
  });
});
