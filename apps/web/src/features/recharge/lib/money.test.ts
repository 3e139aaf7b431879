import { describe, expect, it } from 'vitest';
import { centsOf, yuan } from './money';

describe('money', () => {
  it('shows cents as yuan with two decimals', () => {
    expect(yuan(123456)).toBe('¥1,234.56');
    expect(yuan(5)).toBe('¥0.05');
    expect(yuan(-2500)).toBe('-¥25.00');
  });
  it('reads typed yuan as cents, refusing fractions of a cent', () => {
    expect(centsOf(12.5)).toBe(1250);
    expect(centsOf(0.01)).toBe(1);
    expect(centsOf(0.015)).toBeNull();
    expect(centsOf(null)).toBeNull();
  });
});
