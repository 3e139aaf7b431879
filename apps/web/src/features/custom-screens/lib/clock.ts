import type { CLOCK_SHOWS } from '@fleet/contracts';

export type ClockShow = (typeof CLOCK_SHOWS)[number];

/**
 * A clock's text for `at`: the date and / or time in `locale` (the viewer's language) and `timeZone`
 * (the screen's; null: the viewer's own zone). 24-hour time, so a wall display reads the same in every
 * language.
 */
export function formatClock(
  at: Date,
  show: ClockShow,
  seconds: boolean,
  locale: string,
  timeZone: string | null,
): string {
  const date: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
  const time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  if (seconds) time.second = '2-digit';
  const options = show === 'date' ? date : show === 'time' ? time : { ...date, ...time };
  return new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) }).format(at);
}

/** Milliseconds until the next whole second, so every clock of a screen ticks together. */
export const msToNextSecond = (now: number) => 1000 - (now % 1000);
