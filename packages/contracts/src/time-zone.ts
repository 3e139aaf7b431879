import { z } from 'zod';

/** An IANA zone name this runtime knows ('UTC', 'Asia/Shanghai', ...). */
export function isTimeZoneName(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A `tz` query parameter: the caller's zone, whose days and clock times an answer uses; default UTC. */
export const timeZoneQuery = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .default('UTC')
  .refine(isTimeZoneName, 'unknown time zone');
