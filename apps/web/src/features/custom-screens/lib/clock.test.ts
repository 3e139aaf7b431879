import { describe, expect, it } from 'vitest';
import { formatClock, msToNextSecond } from './clock';

// A fixed instant: 2026-03-04 05:06:07.890 UTC.
const AT = new Date(Date.UTC(2026, 2, 4, 5, 6, 7, 890));

describe('clock widget text', () => {
  it('shows the date and / or time in the screen’s time zone, 24-hour, seconds optional', () => {
    expect(formatClock(AT, 'time', true, 'en', 'UTC')).toBe('05:06:07');
    expect(formatClock(AT, 'time', false, 'en', 'UTC')).toBe('05:06');
    expect(formatClock(AT, 'time', true, 'en', 'Asia/Shanghai')).toBe('13:06:07');
    expect(formatClock(AT, 'date', true, 'en', 'Asia/Shanghai')).toBe('03/04/2026');
    // 02:00 UTC on the 4th is still the evening of the 3rd in New York.
    expect(formatClock(new Date(Date.UTC(2026, 2, 4, 2)), 'date', false, 'en', 'America/New_York')).toBe(
      '03/03/2026',
    );
  });

  it('follows the viewer’s language', () => {
    expect(formatClock(AT, 'datetime', true, 'zh', 'UTC')).toBe('2026/03/04 05:06:07');
    expect(formatClock(AT, 'datetime', true, 'es', 'UTC')).toBe('04/03/2026, 05:06:07');
  });

  it('ticks on whole seconds', () => {
    expect(msToNextSecond(AT.getTime())).toBe(110);
    expect(msToNextSecond(Date.UTC(2026, 0, 1))).toBe(1000);
  });
});
