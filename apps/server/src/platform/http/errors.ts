import { BizCode, httpStatusOf } from '@fleet/contracts';

/**
 * A failure with a SPEC 8 business code. The HTTP status follows `httpStatusOf` unless given
 * (for example 429 for a throttled sign-in, which is still code 20000).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    status?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status ?? httpStatusOf(code);
  }
}

export const noPermission = () => new AppError(BizCode.NO_PERMISSION, 'no permission');
export const paramError = (message: string) => new AppError(BizCode.PARAM_ERROR, message);
export const sessionExpired = () => new AppError(BizCode.SESSION_EXPIRED, 'session expired');
/** 20000: `data` carries the message the user should read. */
export const userMessage = (message: string, status?: number) =>
  new AppError(BizCode.USER_MESSAGE, message, message, status);
