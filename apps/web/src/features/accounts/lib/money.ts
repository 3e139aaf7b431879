import type { UserFees, UserLimits } from '@fleet/contracts';

/** SPEC 9: money is stored in cents and shown divided by 100. */
export function centsToYuan(cents: number | null | undefined): number | null {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return null;
  return cents / 100;
}

/** From the amount typed by a person (two decimals) to integer cents; empty stays null. */
export function yuanToCents(amount: number | string | null | undefined): number | null {
  if (amount === null || amount === undefined || amount === '') return null;
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(n)) return null;
  return Math.round(n * 100);
}

export function formatMoney(cents: number | null | undefined): string {
  const yuan = centsToYuan(cents);
  return yuan === null ? '' : yuan.toFixed(2);
}

export const LIMIT_KEYS = [
  'project_limit',
  'device_limit',
  'scada_limit',
  'screen_limit',
  'graph_limit',
  'sms_count',
  'voice_count',
] as const satisfies readonly (keyof UserLimits)[];
export type LimitKey = (typeof LIMIT_KEYS)[number];

/** A limit as the form edits it: a number, and a 'no limit' checkbox that wins when checked. */
export interface LimitField {
  value: number | null;
  unlimited: boolean;
}
export type LimitFields = Record<LimitKey, LimitField>;

export function limitsToForm(limits: UserLimits | null | undefined): LimitFields {
  const out = {} as LimitFields;
  for (const key of LIMIT_KEYS) {
    const v = limits ? limits[key] : null;
    out[key] = { value: v, unlimited: v === null };
  }
  return out;
}

/** 'No limit' becomes null; an empty number without the checkbox becomes 0 (nothing allowed). */
export function limitsFromForm(fields: LimitFields): UserLimits {
  const out = {} as UserLimits;
  for (const key of LIMIT_KEYS) {
    const f = fields[key];
    out[key] = f.unlimited ? null : Math.max(0, Math.trunc(f.value ?? 0));
  }
  return out;
}

/**
 * The contract: a child's limit must be <= the caller's own, and 'no limit' only when the caller has none.
 * Answers the largest allowed value (undefined: no bound) and whether 'no limit' may be chosen.
 */
export function limitBound(myLimit: number | null | undefined): {
  max: number | undefined;
  unlimitedAllowed: boolean;
} {
  if (myLimit === null || myLimit === undefined) return { max: undefined, unlimitedAllowed: true };
  return { max: myLimit, unlimitedAllowed: false };
}

/** Fees as the form edits them: rent in yuan (two decimals), discounts in percent. */
export interface FeeFields {
  rent_fee: number | null;
  sms_discount: number | null;
  voice_discount: number | null;
  scada_discount: number | null;
}

export const DEFAULT_FEES: UserFees = {
  rent_fee: 0,
  sms_discount: 100,
  voice_discount: 100,
  scada_discount: 100,
};

export function feesToForm(fees: UserFees | null | undefined): FeeFields {
  const f = fees ?? DEFAULT_FEES;
  return {
    rent_fee: centsToYuan(f.rent_fee),
    sms_discount: f.sms_discount,
    voice_discount: f.voice_discount,
    scada_discount: f.scada_discount,
  };
}

export function feesFromForm(fields: FeeFields): UserFees {
  const pct = (v: number | null) => Math.min(100, Math.max(0, Math.round(v ?? 100)));
  return {
    rent_fee: Math.max(0, yuanToCents(fields.rent_fee) ?? 0),
    sms_discount: pct(fields.sms_discount),
    voice_discount: pct(fields.voice_discount),
    scada_discount: pct(fields.scada_discount),
  };
}
