import { z } from 'zod';

/**
 * Business codes of SPEC section 8, carried in the `code` field of every answer (DESIGN section 5).
 * The HTTP status that goes with each is in `httpStatusOf`.
 */
export const BizCode = {
  OK: 0,
  /** Silent failure: the client shows nothing. */
  SILENT: 10000,
  NO_PERMISSION: 10001,
  PARAM_ERROR: 10002,
  WRONG_CREDENTIALS: 10009,
  /** Session expired, or the token is missing or invalid. */
  SESSION_EXPIRED: 10010,
  SILENT_2: 10011,
  /** `data` holds a message meant for the user. */
  USER_MESSAGE: 20000,
  /** Any other failure; the client shows 'operation failed'. */
  FAILED: 50000,
} as const;
export type BizCode = (typeof BizCode)[keyof typeof BizCode];

export function httpStatusOf(code: number): number {
  switch (code) {
    case BizCode.OK:
      return 200;
    case BizCode.NO_PERMISSION:
      return 403;
    case BizCode.PARAM_ERROR:
      return 400;
    case BizCode.WRONG_CREDENTIALS:
    case BizCode.SESSION_EXPIRED:
      return 401;
    case BizCode.USER_MESSAGE:
      return 422;
    case BizCode.SILENT:
    case BizCode.SILENT_2:
      return 409;
    default:
      return 500;
  }
}

/** `{ code, msg, data }`: the shape of every API answer. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}
export type Envelope<T> = { code: number; msg: string; data: T };

/** SPEC 9: page sizes 10, 20, 30, 50, 100; default 20. Pages count from 1. */
export const PAGE_SIZES = [10, 20, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      message: `limit must be one of ${PAGE_SIZES.join(', ')}`,
    })
    .default(DEFAULT_PAGE_SIZE),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export function listOf<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int() });
}
export type ListResult<T> = { rows: T[]; total: number };
