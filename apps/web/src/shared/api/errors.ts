import {
  BizCode,
  formatServerMessage,
  isServerMessageKey,
  type MessageLanguage,
  type MessageParams,
} from '@fleet/contracts';

/** Client-side codes for failures that never reached a business answer. */
export const LocalCode = {
  /** No answer within the timeout. */
  TIMEOUT: -1,
  /** fetch itself failed (offline, connection refused). */
  NETWORK: -2,
  /** An error answer without a business code (SPEC 8: shown as 'no permission, illegal operation'). */
  NO_CODE: -3,
} as const;

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  readonly serverMsg: string;
  /** `msg_key` / `msg_params` of the answer: a message of SERVER_MESSAGES, shown in the user's language. */
  readonly msgKey?: string;
  readonly msgParams?: MessageParams;

  constructor(
    code: number,
    serverMsg: string,
    data: unknown = null,
    status = 0,
    translatable: { msgKey?: string; msgParams?: MessageParams } = {},
  ) {
    super(serverMsg || `code ${code}`);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
    this.serverMsg = serverMsg;
    this.msgKey = translatable.msgKey;
    this.msgParams = translatable.msgParams;
  }
}

function asLanguage(language: string | undefined): MessageLanguage {
  const short = (language ?? '').slice(0, 2);
  return short === 'en' || short === 'es' ? short : 'zh';
}

/** The server's message in the user's language when it sent a known key (undefined otherwise). */
export function translatedServerMessage(error: ApiError, language: string | undefined): string | undefined {
  if (!isServerMessageKey(error.msgKey)) return undefined;
  return formatServerMessage(error.msgKey, error.msgParams ?? {}, asLanguage(language));
}

export type ErrorReaction =
  | { kind: 'silent' }
  | { kind: 'session-expired' }
  | { kind: 'toast'; text: string };

type Translate = (key: string) => string;

/**
 * SPEC 8 error catalogue: what the user sees for an error. Pure, so it is unit-tested. `language` picks
 * the text of a server message that came with a key (zh when absent, SPEC 1's default).
 */
export function reactionTo(error: unknown, t: Translate, language?: string): ErrorReaction {
  if (!(error instanceof ApiError)) return { kind: 'toast', text: t('errors.operationFailed') };
  switch (error.code) {
    case BizCode.SILENT:
    case BizCode.SILENT_2:
      return { kind: 'silent' };
    case BizCode.SESSION_EXPIRED:
      return { kind: 'session-expired' };
    case BizCode.USER_MESSAGE:
      return {
        kind: 'toast',
        text:
          translatedServerMessage(error, language) ??
          (typeof error.data === 'string' && error.data
            ? error.data
            : error.serverMsg || t('errors.operationFailed')),
      };
    case BizCode.NO_PERMISSION:
    case LocalCode.NO_CODE:
      return { kind: 'toast', text: t('errors.noPermission') };
    case BizCode.PARAM_ERROR: {
      // A reason the server sent with a key reads in the user's language; otherwise the server names
      // the offending field in msg, shown after the generic text.
      const reason = translatedServerMessage(error, language);
      if (reason) return { kind: 'toast', text: `${t('errors.paramError')}: ${reason}` };
      return {
        kind: 'toast',
        text: error.serverMsg ? `${t('errors.paramError')}: ${error.serverMsg}` : t('errors.paramError'),
      };
    }
    case BizCode.WRONG_CREDENTIALS:
      return { kind: 'toast', text: t('errors.wrongCredentials') };
    case LocalCode.TIMEOUT:
      return { kind: 'toast', text: t('errors.timeout') };
    default:
      return { kind: 'toast', text: t('errors.operationFailed') };
  }
}

/**
 * The text a form shows for a failed call (the login page). Codes with a known meaning in SPEC 8 are shown
 * in the current language (10002 keeps the server's field name, 20000 shows the data text); only codes
 * without a catalogue meaning fall back to the server's msg (SPEC 8: login shows msg for nonzero codes).
 */
export function messageOf(error: unknown, t: Translate, language?: string): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case BizCode.NO_PERMISSION:
      case BizCode.PARAM_ERROR:
      case BizCode.WRONG_CREDENTIALS:
      case BizCode.USER_MESSAGE:
        break;
      case BizCode.SESSION_EXPIRED:
        return t('errors.sessionExpired');
      default:
        if (error.code > 0 && error.serverMsg) return error.serverMsg;
    }
  }
  const reaction = reactionTo(error, t, language);
  return reaction.kind === 'toast' ? reaction.text : t('errors.operationFailed');
}
