import { describe, expect, it } from 'vitest';
import { defaultTier, tierChoices } from './tiers';

describe('tier choices (SPEC 1)', () => {
  it('offers only the types greater than mine for a customer', () => {
    expect(tierChoices(0, false)).toEqual([1, 2, 3, 4, 5]);
    expect(tierChoices(1, false)).toEqual([2, 3, 4, 5]);
    expect(tierChoices(3, false)).toEqual([4, 5]);
    expect(tierChoices(5, false)).toEqual([]);
  });

  it('gives a sub-account exactly my type', () => {
    expect(tierChoices(2, true)).toEqual([2]);
    expect(tierChoices(5, true)).toEqual([5]);
  });

  it('defaults to the first lower tier, or mine for a sub-account', () => {
    expect(defaultTier(1, false)).toBe(2);
    expect(defaultTier(1, true)).toBe(1);
    expect(defaultTier(5, false)).toBeUndefined();
  });
});
