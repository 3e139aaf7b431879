import { describe, expect, it } from 'vitest';
import { formatStat } from './format-stat';

describe('formatStat', () => {
  it('shows - for no value', () => {
    expect(formatStat(null)).toBe('-');
    expect(formatStat(undefined, 2)).toBe('-');
    expect(formatStat(Number.NaN)).toBe('-');
  });
  it('uses the point decimals when known', () => {
    expect(formatStat(21.456, 1)).toBe('21.5');
    expect(formatStat(3, 2)).toBe('3.00');
    expect(formatStat(7.6, 0)).toBe('8');
  });
  it('else up to 3 decimals without trailing zeros', () => {
    expect(formatStat(1.23456)).toBe('1.235');
    expect(formatStat(2.5)).toBe('2.5');
    expect(formatStat(10)).toBe('10');
    expect(formatStat(-0.0001)).toBe('0');
  });
});
