import { describe, expect, it } from 'vitest';
import { EXPORT_POLL_MS, formatBytes, hasActiveJob, pollInterval, relativeTime } from './file-format';

describe('formatBytes', () => {
  it('uses 1024 steps with at most one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(123.4 * 1024 * 1024)).toBe('123 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.3 GB');
    expect(formatBytes(2 * 1024 ** 5)).toBe('2048 TB');
  });
});

describe('polling rule', () => {
  it('polls every 2 s while a job is queued or running, otherwise not', () => {
    expect(pollInterval([{ status: 'done' }, { status: 'queued' }])).toBe(EXPORT_POLL_MS);
    expect(pollInterval([{ status: 'running' }])).toBe(2000);
    expect(pollInterval([{ status: 'done' }, { status: 'failed' }, { status: 'expired' }])).toBe(false);
    expect(pollInterval([])).toBe(false);
    expect(pollInterval(undefined)).toBe(false);
    expect(hasActiveJob([{ status: 'failed' }])).toBe(false);
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('says past and future in the language', () => {
    expect(relativeTime('2026-11-29T12:00:00Z', 'en', now)).toBe('in 7 days');
    expect(relativeTime('2026-11-22T11:58:00Z', 'en', now)).toBe('2 minutes ago');
    expect(relativeTime('2026-11-22T15:00:00Z', 'es', now)).toMatch(/3 horas/);
    expect(relativeTime('2026-11-25T12:00:00Z', 'zh', now)).toMatch(/3/);
  });
  it('is null without a usable time', () => {
    expect(relativeTime(null, 'en', now)).toBeNull();
    expect(relativeTime('nonsense', 'en', now)).toBeNull();
  });
});
