import { BizCode, type Envelope, envelope } from '@fleet/contracts';
import { z } from 'zod';

export { envelope };

/** The success answer `{ code: 0, msg: 'ok', data }`. */
export function ok<T>(data: T): Envelope<T> {
  return { code: BizCode.OK, msg: 'ok', data };
}

/** Response schema map of a route answering `envelope(data)` with 200. */
export function okResponse<T extends z.ZodType>(data: T) {
  return { 200: envelope(data) };
}

export const nullData = z.null();
