import { describe, expect, it } from 'vitest';
import { clockLabel } from './clock-label';

describe('clockLabel', () => {
  it('is HH:mm on the 24-hour clock, never AM/PM', () => {
    const afternoon = new Date(2026, 10, 27, 15, 7, 59);
    expect(clockLabel(afternoon.toISOString())).toBe('15:07');
    const midnight = new Date(2026, 10, 27, 0, 0, 0);
    expect(clockLabel(midnight.toISOString())).toBe('00:00');
    expect(clockLabel(afternoon.toISOString(), { seconds: true })).toBe('15:07:59');
  });
});
