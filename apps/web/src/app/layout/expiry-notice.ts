import type { UserInfo } from '@fleet/contracts';

export type ExpiryNotice = { kind: 'expired' } | { kind: 'soon'; days: number };

const DAY_MS = 86_400_000;
export const EXPIRY_NOTICE_DAYS = 30;

/** SPEC 9: user type 1 only; a notice when the account has expired or expires within 30 days. */
export function expiryNoticeOf(
  user: Pick<UserInfo, 'user_type' | 'user_expire'>,
  nowMs: number,
): ExpiryNotice | null {
  if (user.user_type !== 1 || user.user_expire === null) return null;
  const remaining = user.user_expire * 1000 - nowMs;
  if (remaining <= 0) return { kind: 'expired' };
  const days = Math.ceil(remaining / DAY_MS);
  return days <= EXPIRY_NOTICE_DAYS ? { kind: 'soon', days } : null;
}
