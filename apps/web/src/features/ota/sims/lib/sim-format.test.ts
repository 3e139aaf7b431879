import { describe, expect, it } from 'vitest';
import { expiryState, formatBytes, MB, parseSimLines } from './sim-format';

describe('SIM card formatting', () => {
  it('shows data in readable binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250 * MB)).toBe('250 MB');
    expect(formatBytes(3 * 1024 * MB + 512 * MB)).toBe('3.5 GB');
  });

  it('tells expired, soon (30 days) and later apart', () => {
    expect(expiryState(null, '2026-01-10')).toEqual({ kind: 'none' });
    expect(expiryState('2026-01-09', '2026-01-10')).toEqual({ kind: 'expired', days: 1 });
    expect(expiryState('2026-02-09', '2026-01-10')).toEqual({ kind: 'soon', days: 30 });
    expect(expiryState('2026-02-10', '2026-01-10')).toEqual({ kind: 'ok', days: 31 });
  });
});

describe('parseSimLines', () => {
  it('reads one card per line, skips a header and blank lines, keeps the line of each card', () => {
    const text = [
      'iccid,carrier,status,expires_on,used_mb,limit_mb,remark',
      '89860012345678901234,china-mobile,active,2027-01-31,1.5,1024,pump house',
      '',
      '8986001234567890123x',
    ].join('\n');
    const parsed = parseSimLines(text);
    expect(parsed.failed).toEqual([]);
    expect(parsed.lineOf).toEqual([2, 4]);
    expect(parsed.sims[0]).toEqual({
      iccid: '89860012345678901234',
      carrier: 'china-mobile',
      status: 'active',
      expires_on: '2027-01-31',
      data_used: Math.round(1.5 * MB),
      data_limit: 1024 * MB,
      remark: 'pump house',
    });
    expect(parsed.sims[1]).toEqual({ iccid: '8986001234567890123X' });
  });

  it('refuses bad fields by line', () => {
    const parsed = parseSimLines('89860012345678901234,vodafone\n123\n89860012345678901235,,,31/01/2027');
    expect(parsed.failed.map((f) => [f.row, f.reason_key])).toEqual([
      [1, 'client.carrier'],
      [2, 'client.iccid'],
      [3, 'client.date'],
    ]);
    expect(parsed.sims).toEqual([]);
  });
});
