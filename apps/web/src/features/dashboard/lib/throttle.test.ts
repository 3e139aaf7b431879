import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from './throttle';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createThrottle', () => {
  it('runs the first call at once and merges a burst into one run at the end of the window', () => {
    const fn = vi.fn();
    const throttle = createThrottle(fn, 2000);
    throttle.call();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    throttle.call();
    throttle.call();
    throttle.call();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1499);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('runs at once again after a quiet window, and cancel drops a pending run', () => {
    const fn = vi.fn();
    const throttle = createThrottle(fn, 2000);
    throttle.call();
    vi.advanceTimersByTime(2500);
    throttle.call();
    expect(fn).toHaveBeenCalledTimes(2);
    throttle.call();
    throttle.cancel();
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
