import dayjs from 'dayjs';

/** SPEC 9: year-month-day hour:minute:second; an empty time shows N/A. Numbers are epoch seconds. */
export function formatTime(value: string | number | null | undefined, na = 'N/A'): string {
  if (value === null || value === undefined || value === '') return na;
  const d = typeof value === 'number' ? dayjs.unix(value) : dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : na;
}

export function formatDate(epochSeconds: number | null | undefined, na = 'N/A'): string {
  if (epochSeconds === null || epochSeconds === undefined) return na;
  return dayjs.unix(epochSeconds).format('YYYY-MM-DD');
}
