import type { ExportJobRow, Language } from '@fleet/contracts';

/** How often the list is re-read while a job is queued or running. */
export const EXPORT_POLL_MS = 2000;

/** True while a job on the list is still being built (the list is polled then). */
export function hasActiveJob(rows: readonly Pick<ExportJobRow, 'status'>[] | undefined): boolean {
  return (rows ?? []).some((r) => r.status === 'queued' || r.status === 'running');
}

/** TanStack refetchInterval: poll every `ms` while a job is active, otherwise not at all. */
export function pollInterval(
  rows: readonly Pick<ExportJobRow, 'status'>[] | undefined,
  ms: number = EXPORT_POLL_MS,
): number | false {
  return hasActiveJob(rows) ? ms : false;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 0 -> '0 B', 1536 -> '1.5 KB', 10485760 -> '10 MB' (1024 steps, at most one decimal, none in bytes). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  const rounded = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${UNITS[unit]}`;
}

const LOCALES: Record<Language, string> = { zh: 'zh-CN', en: 'en', es: 'es' };

const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** '3 days ago' / 'in 6 days' in the screen's language, relative to `now`; null for no or a bad time. */
export function relativeTime(
  iso: string | null | undefined,
  lang: Language,
  now: number = Date.now(),
): string | null {
  if (!iso) return null;
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return null;
  let value = (at - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) {
      return new Intl.RelativeTimeFormat(LOCALES[lang], { numeric: 'auto' }).format(Math.round(value), unit);
    }
    value /= size;
  }
  return null;
}
