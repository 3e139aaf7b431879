import { describe, expect, it } from 'vitest';
import {
  centsToYuan,
  feesFromForm,
  feesToForm,
  formatMoney,
  limitBound,
  limitsFromForm,
  limitsToForm,
  yuanToCents,
} from './money';

describe('money in cents (SPEC 9)', () => {
  it('shows cents divided by 100', () => {
    expect(centsToYuan(12345)).toBe(123.45);
    expect(centsToYuan(0)).toBe(0);
    expect(centsToYuan(null)).toBeNull();
    expect(formatMoney(500)).toBe('5.00');
  });

  it('stores typed amounts as integer cents without float drift', () => {
    expect(yuanToCents(19.99)).toBe(1999);
    expect(yuanToCents(0.1 + 0.2)).toBe(30);
    expect(yuanToCents('12.5')).toBe(1250);
    expect(yuanToCents('')).toBeNull();
    expect(yuanToCents('abc')).toBeNull();
  });

  it('round-trips fees through the form', () => {
    const fees = { rent_fee: 36000, sms_discount: 90, voice_discount: 100, scada_discount: 85 };
    const form = feesToForm(fees);
    expect(form.rent_fee).toBe(360);
    expect(feesFromForm(form)).toEqual(fees);
    expect(
      feesFromForm({ rent_fee: 12.345, sms_discount: 120, voice_discount: null, scada_discount: -3 }),
    ).toEqual({
      rent_fee: 1235,
      sms_discount: 100,
      voice_discount: 100,
      scada_discount: 0,
    });
  });
});

describe('resource limits', () => {
  const limits = {
    project_limit: 10,
    device_limit: null,
    scada_limit: 0,
    screen_limit: 3,
    graph_limit: null,
    sms_count: 100,
    voice_count: null,
  };

  it('maps null to a ticked "no limit" and back', () => {
    const form = limitsToForm(limits);
    expect(form.device_limit).toEqual({ value: null, unlimited: true });
    expect(form.project_limit).toEqual({ value: 10, unlimited: false });
    expect(limitsFromForm(form)).toEqual(limits);
  });

  it('the checkbox wins over a typed number; an empty number without it means 0', () => {
    const form = limitsToForm(limits);
    form.project_limit = { value: 50, unlimited: true };
    form.screen_limit = { value: null, unlimited: false };
    form.sms_count = { value: 7.8, unlimited: false };
    const out = limitsFromForm(form);
    expect(out.project_limit).toBeNull();
    expect(out.screen_limit).toBe(0);
    expect(out.sms_count).toBe(7);
  });

  it('a child gets at most my own limit, and "no limit" only when I have none', () => {
    expect(limitBound(null)).toEqual({ max: undefined, unlimitedAllowed: true });
    expect(limitBound(20)).toEqual({ max: 20, unlimitedAllowed: false });
    expect(limitBound(0)).toEqual({ max: 0, unlimitedAllowed: false });
  });
});
