import type { LoginResult } from '@fleet/contracts';
import { deleteCookie, readCookie, writeCookie } from './cookies';

/**
 * SPEC 4 / 9 session storage: token and refresh token live in cookies, each stored with a
 * 10-character random prefix (letters and digits) that is stripped on read. The expiry is stored in
 * milliseconds (expires_in * 1000 + now).
 */
export const COOKIE_TOKEN = 'token';
export const COOKIE_REFRESH = 'refresh_token';
export const COOKIE_EXPIRES = 'token_expires';
export const EXPIRY_NOTICE_KEY = 'userExpireNotified';
export const PREFIX_LENGTH = 10;
/** A token counts as expiring within 30 s of its expiry (SPEC 9). */
export const REFRESH_MARGIN_MS = 30_000;
/** Cookies outlive the access token so the refresh token can be used; the server decides validity. */
const COOKIE_MAX_AGE_S = 30 * 24 * 3600;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomString(length: number): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

export function addPrefix(value: string): string {
  return randomString(PREFIX_LENGTH) + value;
}

export function stripPrefix(stored: string | undefined): string | undefined {
  if (!stored || stored.length <= PREFIX_LENGTH) return undefined;
  return stored.slice(PREFIX_LENGTH);
}

export function getToken(): string | undefined {
  return stripPrefix(readCookie(COOKIE_TOKEN));
}

export function getRefreshToken(): string | undefined {
  return stripPrefix(readCookie(COOKIE_REFRESH));
}

/** Expiry of the access token in epoch milliseconds, or undefined. */
export function getExpiresAt(): number | undefined {
  const raw = readCookie(COOKIE_EXPIRES);
  const n = raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

export function saveSession(result: LoginResult, now: number = Date.now()): void {
  writeCookie(COOKIE_TOKEN, addPrefix(result.token), COOKIE_MAX_AGE_S);
  writeCookie(COOKIE_REFRESH, addPrefix(result.refresh_token), COOKIE_MAX_AGE_S);
  writeCookie(COOKIE_EXPIRES, String(result.expires_in * 1000 + now), COOKIE_MAX_AGE_S);
}

export function clearSession(): void {
  deleteCookie(COOKIE_TOKEN);
  deleteCookie(COOKIE_REFRESH);
  deleteCookie(COOKIE_EXPIRES);
  localStorage.removeItem(EXPIRY_NOTICE_KEY);
}

export function hasToken(): boolean {
  return getToken() !== undefined;
}

/** True when a refresh is due: a token exists and it is within the margin of (or past) its expiry. */
export function needsRefresh(now: number = Date.now()): boolean {
  const expiresAt = getExpiresAt();
  if (!hasToken() || !getRefreshToken() || expiresAt === undefined) return false;
  return expiresAt - now <= REFRESH_MARGIN_MS;
}
