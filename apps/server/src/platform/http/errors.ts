import {
  BizCode,
  formatServerMessage,
  httpStatusOf,
  type MessageParams,
  type ServerMessageKey,
} from '@fleet/contracts';

/**
 * A failure with a SPEC 8 business code. The HTTP status follows `httpStatusOf` unless given
 * (for example 429 for a throttled sign-in, which is still code 20000).
 */
export class AppError extends Error {
  readonly status: number;
  /** A message of SERVER_MESSAGES: answered as `msg_key` / `msg_params` so the web shows it translated. */
  messageKey?: ServerMessageKey;
  messageParams?: MessageParams;
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

function keyed(error: AppError, key: ServerMessageKey, params: MessageParams | undefined): AppError {
  error.messageKey = key;
  if (params) error.messageParams = params;
  return error;
}

export const noPermission = () => new AppError(BizCode.NO_PERMISSION, 'no permission');
export const paramError = (message: string) => new AppError(BizCode.PARAM_ERROR, message);
/** 10002 naming `field`, with a reason from SERVER_MESSAGES (`query.endtime: must not be before starttime`). */
export const fieldError = (field: string, key: ServerMessageKey, params?: MessageParams) =>
  keyed(new AppError(BizCode.PARAM_ERROR, `${field}: ${formatServerMessage(key, params)}`), key, params);
export const sessionExpired = () => new AppError(BizCode.SESSION_EXPIRED, 'session expired');
/** 20000: `data` carries the message the user should read (English); `msg_key` lets the web translate it. */
export function userMessage(key: ServerMessageKey, params?: MessageParams, status?: number): AppError {
  const text = formatServerMessage(key, params);
  return keyed(new AppError(BizCode.USER_MESSAGE, text, text, status), key, params);
}
