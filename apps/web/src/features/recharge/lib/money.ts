/** SPEC 9: money is stored in cents and shown divided by 100. */
export function yuan(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100).toLocaleString('en-US');
  return `${sign}¥${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** A yuan amount typed by a person ("12.5") in cents, or null when it is not one (more than 2 decimals...). */
export function centsOf(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const cents = Math.round(value * 100);
  return Math.abs(cents - value * 100) < 1e-6 ? cents : null;
}
