const two = (n: number) => String(n).padStart(2, '0');

/**
 * A chart axis's time of day, `HH:mm` on the 24-hour clock in the viewer's time zone, whatever the
 * language: a wall display reads it at a glance, and the browser's locale (often en-US on a screen
 * PC) must not put AM/PM under a Chinese page.
 */
export function clockLabel(iso: string): string {
  const at = new Date(iso);
  return `${two(at.getHours())}:${two(at.getMinutes())}`;
}
