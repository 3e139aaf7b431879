const DAY_MS = 24 * 60 * 60 * 1000;

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** 'YYYY-MM-DD' of `at` on the calendar of `timeZone` (an IANA name, validated by the route). */
export function zonedDay(at: Date, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // en-CA formats dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(at);
}

/** The `count` calendar days ending with `lastDay` ('YYYY-MM-DD'), oldest first. */
export function daysEndingWith(lastDay: string, count: number): string[] {
  // Calendar arithmetic on the date alone: noon UTC keeps clear of any day boundary.
  const last = Date.parse(`${lastDay}T12:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}
