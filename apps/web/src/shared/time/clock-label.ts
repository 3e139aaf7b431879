const two = (n: number) => String(n).padStart(2, '0');

/**
 * A time of day on a monitoring screen (chart axes, alarm feeds): `HH:mm` (or `HH:mm:ss`) on the
 * 24-hour clock in the viewer's time zone, whatever the language: a wall display reads it at a glance,
 * and the browser's locale (often en-US on a screen PC) must not put AM/PM under a Chinese page.
 */
export function clockLabel(iso: string, options: { seconds?: boolean } = {}): string {
  const at = new Date(iso);
  const hhmm = `${two(at.getHours())}:${two(at.getMinutes())}`;
  return options.seconds ? `${hhmm}:${two(at.getSeconds())}` : hhmm;
}
