import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playTone, TONE_REPEAT_MS, useLoopingTone } from './notice-sound';

describe('looping notification tones', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('plays at once and every 2 s while active, and stops when it is not', () => {
    const play = vi.fn();
    const { rerender } = renderHook(({ active }) => useLoopingTone('alarm', active, play), {
      initialProps: { active: true },
    });
    expect(play).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TONE_REPEAT_MS * 2);
    expect(play).toHaveBeenCalledTimes(3);
    expect(play).toHaveBeenLastCalledWith('alarm');
    rerender({ active: false });
    vi.advanceTimersByTime(TONE_REPEAT_MS * 5);
    expect(play).toHaveBeenCalledTimes(3);
  });

  it('never plays while inactive', () => {
    const play = vi.fn();
    renderHook(() => useLoopingTone('offline', false, play));
    vi.advanceTimersByTime(TONE_REPEAT_MS * 3);
    expect(play).not.toHaveBeenCalled();
  });

  it('does nothing where WebAudio is missing', () => {
    expect('AudioContext' in globalThis).toBe(false);
    expect(() => playTone('alarm')).not.toThrow();
  });
});
