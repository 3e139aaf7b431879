import { describe, expect, it } from 'vitest';
import { expiryState } from './ExpiryTag';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 27, 12);
const at = (days: number) => new Date(now + days * DAY).toISOString();

describe('expiryState', () => {
  it('is active without an expiry or before it', () => {
    expect(expiryState(null, 7, now)).toBe('active');
    expect(expiryState(at(1), 7, now)).toBe('active');
  });

  it('is expired inside the grace period and locked after it', () => {
    expect(expiryState(at(-1), 7, now)).toBe('expired');
    expect(expiryState(at(-7), 7, now)).toBe('expired');
    expect(expiryState(at(-7.01), 7, now)).toBe('locked');
    expect(expiryState(at(-1), 0, now)).toBe('locked');
  });
});
