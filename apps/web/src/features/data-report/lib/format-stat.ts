/** The text of a report statistic: '-' when there is none; the point's decimals when known, else up to 3. */
export function formatStat(value: number | null | undefined, decimals?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  if (decimals !== undefined && decimals >= 0 && decimals <= 10) return value.toFixed(decimals);
  const rounded = Math.round(value * 1000) / 1000;
  // Avoid '-0' for tiny negative values.
  return String(Object.is(rounded, -0) ? 0 : rounded);
}
