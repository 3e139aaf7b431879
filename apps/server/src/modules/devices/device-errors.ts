import { BizCode } from '@fleet/contracts';
import { AppError, paramError } from '../../platform/http/errors.js';

/** An id outside the caller's scope: it does not exist for the caller (docs/api-accounts.md). */
export const notFound = (what: string) => new AppError(BizCode.FAILED, `${what} not found`, null, 404);

/** 10002 naming the body field, like the schema validation messages (`body.address: ...`). */
export const fieldError = (field: string, message: string) => paramError(`body.${field}: ${message}`);

/** A unique-constraint violation from PostgreSQL or PGlite (possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
