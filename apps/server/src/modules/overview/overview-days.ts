const DAY_MS = 24 * 60 * 60 * 1000;

/** The `count` calendar days ending with `lastDay` ('YYYY-MM-DD'), oldest first. */
export function daysEndingWith(lastDay: string, count: number): string[] {
  // Calendar arithmetic on the date alone: noon UTC keeps clear of any day boundary.
  const last = Date.parse(`${lastDay}T12:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}
