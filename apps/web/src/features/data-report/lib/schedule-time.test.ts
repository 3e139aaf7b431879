import { describe, expect, it } from 'vitest';
import { hhmmToMinute, minuteToHHmm } from './schedule-time';

describe('send_at_minute <-> HH:mm', () => {
  it('formats minutes of the day', () => {
    expect(minuteToHHmm(0)).toBe('00:00');
    expect(minuteToHHmm(60)).toBe('01:00');
    expect(minuteToHHmm(605)).toBe('10:05');
    expect(minuteToHHmm(1439)).toBe('23:59');
    expect(minuteToHHmm(5000)).toBe('23:59');
  });

  it('reads HH:mm and refuses anything else', () => {
    expect(hhmmToMinute('00:00')).toBe(0);
    expect(hhmmToMinute('7:30')).toBe(450);
    expect(hhmmToMinute(' 23:59 ')).toBe(1439);
    expect(hhmmToMinute('24:00')).toBeNull();
    expect(hhmmToMinute('12:60')).toBeNull();
    expect(hhmmToMinute('1230')).toBeNull();
    expect(hhmmToMinute('')).toBeNull();
  });

  it('round-trips every minute', () => {
    for (let m = 0; m < 1440; m += 7) expect(hhmmToMinute(minuteToHHmm(m))).toBe(m);
  });
});
