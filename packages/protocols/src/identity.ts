/**
 * Device identity formats shared by the DTU registration packet and the MQTT topics.
 * IMEI: 6-20 ASCII digits (15 for a real IMEI; shorter/longer serials occur on some gateways).
 * Registration key: 32 lowercase hex characters (128 bits), generated per device.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const IMEI_MIN_LENGTH = 6;
export const IMEI_MAX_LENGTH = 20;
export const KEY_LENGTH = 32;

const IMEI_RE = /^[0-9]{6,20}$/;
const KEY_RE = /^[0-9a-f]{32}$/;

export function isValidImei(imei: unknown): imei is string {
  return typeof imei === 'string' && IMEI_RE.test(imei);
}

export function isValidKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_RE.test(key);
}

/** A fresh registration key (32 lowercase hex characters). */
export function generateKey(): string {
  return randomBytes(16).toString('hex');
}

/** Constant-time comparison of a presented key with the stored one. */
export function keysMatch(presented: string, stored: string): boolean {
  if (!isValidKey(presented) || !isValidKey(stored)) return false;
  return timingSafeEqual(Buffer.from(presented, 'ascii'), Buffer.from(stored, 'ascii'));
}
