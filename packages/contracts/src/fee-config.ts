import { z } from 'zod';
import { userFees } from './auth.js';

/**
 * Fee configuration (issue 20 item 5, module switch feeConfig): the platform administrator's base
 * prices, and what a parent charges the accounts below it. Money in cents.
 */
const price = z.number().int().min(0).max(100_000_000);

/** Base prices of the platform (its own cost is none): per device-year, per SMS, per call, per SCADA app-year. */
export const feeBasePrices = z.object({
  rent_fee: price,
  sms_price: price,
  voice_price: price,
  scada_price: price,
});
export type FeeBasePrices = z.infer<typeof feeBasePrices>;

/**
 * What an account pays (cents): the rent fee its parent set, else its parent's (inherited up to the
 * base price); SMS, voice and SCADA at the base price times the account's discount (percent).
 */
export const feePrices = feeBasePrices;
export type FeePrices = FeeBasePrices;

export const feeChildRow = z.object({
  user_id: z.number().int(),
  username: z.string(),
  nick_name: z.string(),
  user_type: z.number().int(),
  /** As set: rent_fee 0 = inherits the parent's price. */
  fees: userFees,
  prices: feePrices,
  /** Price minus the parent's own cost: what the parent earns per unit. */
  margin: feePrices,
});
export type FeeChildRow = z.infer<typeof feeChildRow>;

export const feeConfigView = z.object({
  base: feeBasePrices,
  /** The platform administrator sets the base prices. */
  can_edit_base: z.boolean(),
  /** The caller's own cost; null for the platform (no cost). */
  own: z.object({ fees: userFees, prices: feePrices }).nullable(),
  children: z.array(feeChildRow),
});
export type FeeConfigView = z.infer<typeof feeConfigView>;

export const feeChildInput = userFees.partial();
export type FeeChildInput = z.infer<typeof feeChildInput>;
