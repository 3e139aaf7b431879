import { describe, expect, it } from 'vitest';
import { checkCommandValue, isReadOnlyPoint, type WritablePoint } from './commands.js';

const point = (overrides: Partial<WritablePoint> = {}): WritablePoint => ({
  name: 'p',
  area: '4X',
  access: 'readwrite',
  sourceKind: 'register',
  dataType: 'int16',
  lolmt: null,
  uplmt: null,
  ...overrides,
});

describe('command value rules', () => {
  it('normalises numbers and numeric text, refuses the rest', () => {
    expect(checkCommandValue(point(), 12.5)).toEqual({ ok: true, value: 12.5 });
    expect(checkCommandValue(point(), ' -3 ')).toEqual({ ok: true, value: -3 });
    for (const bad of ['', 'abc', true, Number.NaN, Number.POSITIVE_INFINITY, '1e999'])
      expect(checkCommandValue(point(), bad).ok, String(bad)).toBe(false);
  });

  it('applies the limits that are set', () => {
    const limited = point({ lolmt: 0, uplmt: 10 });
    expect(checkCommandValue(limited, 0).ok).toBe(true);
    expect(checkCommandValue(limited, 10).ok).toBe(true);
    expect(checkCommandValue(limited, 10.01)).toEqual({
      ok: false,
      message: '10.01 is above the upper limit 10',
    });
    expect(checkCommandValue(point({ uplmt: 5 }), -1e9).ok).toBe(true);
  });

  it('takes on/off values for bit areas and switch-like sources', () => {
    const coil = point({ area: '0X', dataType: 'uint8' });
    expect(checkCommandValue(coil, true)).toEqual({ ok: true, value: 1 });
    expect(checkCommandValue(coil, '0')).toEqual({ ok: true, value: 0 });
    expect(checkCommandValue(coil, 2).ok).toBe(false);
    expect(checkCommandValue(point({ area: null, sourceKind: 'switch' }), false)).toEqual({
      ok: true,
      value: 0,
    });
  });

  it('takes text for string points within their registers', () => {
    const text = point({ dataType: 'string', registerCount: 2 });
    expect(checkCommandValue(text, 'abcd')).toEqual({ ok: true, value: 'abcd' });
    expect(checkCommandValue(text, 'abcde').ok).toBe(false);
    expect(checkCommandValue(text, 5).ok).toBe(false);
    expect(checkCommandValue(point({ dataType: 'var' }), 5)).toEqual({ ok: true, value: 5 });
  });

  it('knows read-only points by access and by area', () => {
    expect(isReadOnlyPoint(point({ access: 'readonly' }))).toBe(true);
    expect(isReadOnlyPoint(point({ area: '3X' }))).toBe(true);
    expect(isReadOnlyPoint(point({ area: 'I' }))).toBe(true);
    expect(isReadOnlyPoint(point({ area: '0X' }))).toBe(false);
    expect(isReadOnlyPoint(point({ area: null, access: 'writeonly' }))).toBe(false);
  });
});
