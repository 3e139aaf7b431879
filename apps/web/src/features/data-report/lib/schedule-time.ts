/** send_at_minute (0-1439) as 'HH:mm'. */
export function minuteToHHmm(minute: number): string {
  const m = Math.min(1439, Math.max(0, Math.trunc(minute)));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(m / 60))}:${p(m % 60)}`;
}

/** 'HH:mm' (or 'H:mm') as send_at_minute; null for anything else. */
export function hhmmToMinute(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (h > 23 || m > 59) return null;
  return h * 60 + m;
}
