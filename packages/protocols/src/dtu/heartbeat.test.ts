import { describe, expect, it } from 'vitest';
import {
  formatHeartbeatContent,
  isOffline,
  offlineDeadline,
  parseHeartbeatContent,
  parseHeartbeatInterval,
} from './heartbeat.js';

describe('parseHeartbeatContent', () => {
  it('hex with 0x prefix', () => {
    const r = parseHeartbeatContent('0xFE01');
    expect(r).toEqual({ ok: true, bytes: Uint8Array.of(0xfe, 0x01), kind: 'hex' });
    expect(parseHeartbeatContent('0Xfe01')).toMatchObject({ ok: true, kind: 'hex' });
  });
  it('odd length, non-hex and empty hex are clear errors', () => {
    expect(parseHeartbeatContent('0xFE0')).toEqual({
      ok: false,
      error: 'hex heartbeat needs an even number of digits',
    });
    expect(parseHeartbeatContent('0xZZ')).toEqual({
      ok: false,
      error: 'hex heartbeat may contain only 0-9 and A-F after 0x',
    });
    expect(parseHeartbeatContent('0xFE 01').ok).toBe(false);
    expect(parseHeartbeatContent('0x').ok).toBe(false);
    expect(parseHeartbeatContent('').ok).toBe(false);
    expect(parseHeartbeatContent(`0x${'00'.repeat(65)}`).ok).toBe(false);
  });
  it('may not begin with the control frame marker of the DTU link', () => {
    expect(parseHeartbeatContent('0x00FC434601')).toEqual({
      ok: false,
      error: 'heartbeat may not begin with 00FC4346 (the DTU control frame marker)',
    });
    expect(parseHeartbeatContent('0x00FC43').ok).toBe(true);
  });
  it('plain text is sent as its bytes', () => {
    expect(parseHeartbeatContent('HB')).toEqual({ ok: true, bytes: Uint8Array.of(0x48, 0x42), kind: 'text' });
    expect(parseHeartbeatContent('FE01')).toMatchObject({ kind: 'text' }); // no prefix: text
    expect(parseHeartbeatContent('x'.repeat(65)).ok).toBe(false);
  });
  it('formats back', () => {
    expect(formatHeartbeatContent(Uint8Array.of(0xfe, 0x01))).toBe('0xFE01');
    expect(formatHeartbeatContent(new TextEncoder().encode('PING'))).toBe('PING');
    expect(formatHeartbeatContent(new TextEncoder().encode('0x12'))).toBe('0x30783132');
  });
});

describe('heartbeat interval and offline', () => {
  it('defaults to 120 s, 0 is off, bounds enforced', () => {
    expect(parseHeartbeatInterval(undefined)).toEqual({ ok: true, seconds: 120 });
    expect(parseHeartbeatInterval(0)).toEqual({ ok: true, seconds: 0 });
    expect(parseHeartbeatInterval('60')).toEqual({ ok: true, seconds: 60 });
    expect(parseHeartbeatInterval(-1).ok).toBe(false);
    expect(parseHeartbeatInterval(1.5).ok).toBe(false);
    expect(parseHeartbeatInterval(86_401).ok).toBe(false);
    expect(parseHeartbeatInterval('abc').ok).toBe(false);
  });
  it('offline after 3 missed heartbeats', () => {
    const last = 1_000_000;
    expect(offlineDeadline(last, 120)).toBe(last + 360_000);
    expect(isOffline(last, 120, last + 360_000)).toBe(false);
    expect(isOffline(last, 120, last + 360_001)).toBe(true);
    expect(isOffline(last, 60, last + 180_001)).toBe(true);
    expect(isOffline(last, 60, last + 100_000, 2)).toBe(false);
  });
  it('heartbeat off never goes offline by silence', () => {
    expect(offlineDeadline(0, 0)).toBeNull();
    expect(isOffline(0, 0, 10 ** 12)).toBe(false);
  });
});
