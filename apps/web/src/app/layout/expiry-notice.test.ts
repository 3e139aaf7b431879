import { describe, expect, it } from 'vitest';
import { expiryNoticeOf } from './expiry-notice';

const NOW = 1_700_000_000_000;
const day = 86_400;
const nowS = NOW / 1000;

describe('account expiry notice (SPEC 9)', () => {
  it('only concerns user type 1 with an expiry', () => {
    expect(expiryNoticeOf({ user_type: 2, user_expire: nowS - day }, NOW)).toBeNull();
    expect(expiryNoticeOf({ user_type: 1, user_expire: null }, NOW)).toBeNull();
  });

  it('says expired when the expiry is past', () => {
    expect(expiryNoticeOf({ user_type: 1, user_expire: nowS - 1 }, NOW)).toEqual({ kind: 'expired' });
  });

  it('counts the days left within 30 days, nothing beyond', () => {
    expect(expiryNoticeOf({ user_type: 1, user_expire: nowS + 3 * day }, NOW)).toEqual({
      kind: 'soon',
      days: 3,
    });
    expect(expiryNoticeOf({ user_type: 1, user_expire: nowS + 30 * day }, NOW)).toEqual({
      kind: 'soon',
      days: 30,
    });
    expect(expiryNoticeOf({ user_type: 1, user_expire: nowS + 30 * day + 60 }, NOW)).toBeNull();
  });
});
