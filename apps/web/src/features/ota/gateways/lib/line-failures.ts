import {
  formatServerMessage,
  isServerMessageKey,
  type MessageLanguage,
  type OtaLineFailure,
} from '@fleet/contracts';
import { ApiError } from '../../../../shared/api/errors';

function asLanguage(language: string | undefined): MessageLanguage {
  const short = (language ?? '').slice(0, 2);
  return short === 'en' || short === 'es' ? short : 'zh';
}

/** The bad lines of an all-or-nothing bulk create (docs/api-ota.md: 10002 with `data.failed`), or null. */
export function lineFailuresOf(error: unknown): OtaLineFailure[] | null {
  if (!(error instanceof ApiError)) return null;
  const failed = (error.data as { failed?: unknown } | null)?.failed;
  return Array.isArray(failed) && failed.length > 0 ? (failed as OtaLineFailure[]) : null;
}

/**
 * One failure in the user's language: the server's `reason_key` with the line's value. A repeat
 * names the first line (or item) holding the same value, found in what was sent (`values`, one per
 * line or item, position 1 first). Unknown keys keep the server's English reason.
 */
export function failureText(
  failure: OtaLineFailure,
  language: string | undefined,
  values: readonly string[],
) {
  if (!isServerMessageKey(failure.reason_key)) return failure.reason;
  const first = values.findIndex((v) => v.trim().toUpperCase() === failure.value.toUpperCase()) + 1;
  return formatServerMessage(
    failure.reason_key,
    { imei: failure.value, iccid: failure.value, first: first > 0 ? first : '?' },
    asLanguage(language),
  );
}
