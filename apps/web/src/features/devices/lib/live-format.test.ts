import { describe, expect, it } from 'vitest';
import {
  commandStatusView,
  formatPointValue,
  isFinalCommandStatus,
  isWritable,
  nextCommandCheck,
  reasonKey,
  relativeAge,
  writeInputKind,
  writePermissionOf,
} from './live-format';

const translate = [
  { range: { lolmt: 0, uplmt: 0 }, text: 'stopped' },
  { range: { lolmt: 1, uplmt: 1 }, text: 'running' },
];

describe('formatPointValue (SPEC 4)', () => {
  it('shows the translation of a matching value', () => {
    expect(formatPointValue(1, { decimals: 2, translate })).toEqual({ text: 'running', translated: true });
    expect(formatPointValue(0, { decimals: 0, translate })?.text).toBe('stopped');
  });
  it('falls back to the number with the point decimals', () => {
    expect(formatPointValue(2, { decimals: 2, translate })).toEqual({ text: '2.00', translated: false });
    expect(formatPointValue(230.456, { decimals: 1 })?.text).toBe('230.5');
    expect(formatPointValue(7.9, { decimals: 0 })?.text).toBe('8');
    expect(formatPointValue(7.9, {})?.text).toBe('8');
  });
  it('keeps strings, and answers null when never reported', () => {
    expect(formatPointValue('OK', { decimals: 2, translate })).toEqual({ text: 'OK', translated: false });
    expect(formatPointValue(null, { translate })).toBeNull();
    expect(formatPointValue(undefined, {})).toBeNull();
  });
  it('does not throw on hostile decimals or non-finite numbers', () => {
    expect(formatPointValue(1.5, { decimals: 99 })?.text).toBe((1.5).toFixed(10));
    expect(formatPointValue(1.5, { decimals: -3 })?.text).toBe('2');
    expect(formatPointValue(Number.POSITIVE_INFINITY, {})?.text).toBe('Infinity');
  });
});

describe('relativeAge', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('says just now under 30 s, then counts minutes, hours and days (SPEC 9)', () => {
    expect(relativeAge('2026-01-01T11:59:31Z', now)).toEqual({ key: 'devices.live.ago.justNow', count: 0 });
    expect(relativeAge('2026-01-01T11:59:30Z', now)).toEqual({ key: 'devices.live.ago.minutes', count: 1 });
    expect(relativeAge('2025-12-31T11:00:00Z', now)).toEqual({ key: 'devices.live.ago.days', count: 1 });
    expect(relativeAge('2026-01-01T11:55:00Z', now)).toEqual({ key: 'devices.live.ago.minutes', count: 5 });
    expect(relativeAge('2026-01-01T09:00:00Z', now)).toEqual({ key: 'devices.live.ago.hours', count: 3 });
    expect(relativeAge('2025-12-30T12:00:00Z', now)).toEqual({ key: 'devices.live.ago.days', count: 2 });
  });
  it('counts a time ahead of the browser clock as now, and nothing for no or bad time', () => {
    expect(relativeAge('2026-01-01T12:00:05Z', now)).toEqual({ key: 'devices.live.ago.justNow', count: 0 });
    expect(relativeAge(null, now)).toBeNull();
    expect(relativeAge('not a date', now)).toBeNull();
  });
});

describe('command status (SPEC 4)', () => {
  it('labels and colours every status', () => {
    expect(commandStatusView('create')).toEqual({ key: 'devices.cmd.status.create', color: 'processing' });
    expect(commandStatusView('send').color).toBe('processing');
    expect(commandStatusView('resp').color).toBe('success');
    expect(commandStatusView('fail').color).toBe('error');
    expect(commandStatusView('error')).toEqual({ key: 'devices.cmd.status.error', color: 'error' });
    expect(commandStatusView('networkError').color).toBe('warning');
    expect(commandStatusView('notAuthorized').color).toBe('default');
    expect(commandStatusView('bogus')).toEqual({ key: 'devices.cmd.status.unknown', color: 'default' });
  });
  it('knows final statuses', () => {
    expect(isFinalCommandStatus('send')).toBe(false);
    expect(isFinalCommandStatus('create')).toBe(false);
    expect(isFinalCommandStatus('resp')).toBe(true);
    expect(isFinalCommandStatus('networkError')).toBe(true);
  });
  it('re-reads 2000 ms after sending, then every 2 s while pending, for about 20 s', () => {
    expect(nextCommandCheck('send', 0)).toBe(2000);
    expect(nextCommandCheck('send', 150)).toBe(1850);
    expect(nextCommandCheck('send', 2100)).toBe(2000);
    expect(nextCommandCheck('create', 19_000)).toBe(2000);
    expect(nextCommandCheck('send', 20_000)).toBeNull();
    expect(nextCommandCheck('resp', 0)).toBeNull();
    expect(nextCommandCheck('fail', 2000)).toBeNull();
  });
});

describe('points and reasons', () => {
  it('translates known offline reasons only', () => {
    expect(reasonKey('heartbeat')).toBe('devices.onoff.reason.heartbeat');
    expect(reasonKey('replaced')).toBe('devices.onoff.reason.replaced');
    expect(reasonKey('')).toBeNull();
    expect(reasonKey(null)).toBeNull();
    expect(reasonKey('something-new')).toBeNull();
  });
  it('picks the write input of the point', () => {
    expect(writeInputKind({ data_type: 'uint8', source_kind: 'register', area: '0X' })).toBe('switch');
    expect(writeInputKind({ data_type: 'uint16', source_kind: 'switch', area: null })).toBe('switch');
    expect(writeInputKind({ data_type: 'string', source_kind: 'register', area: '4X' })).toBe('text');
    expect(writeInputKind({ data_type: 'float', source_kind: 'register', area: '4X' })).toBe('number');
  });
  it('writes only writable points, with the permission of the point type', () => {
    expect(isWritable({ access: 'readwrite', area: '4X' })).toBe(true);
    expect(isWritable({ access: 'writeonly', area: null })).toBe(true);
    expect(isWritable({ access: 'readonly', area: '4X' })).toBe(false);
    expect(isWritable({ access: 'readwrite', area: '3X' })).toBe(false);
    expect(writePermissionOf(0)).toBe('Device/control');
    expect(writePermissionOf(1)).toBe('Device/setParam');
  });
});
