import type { FeeBasePrices, FeePrices, UserFees } from '@fleet/contracts';
import { UserType } from '@fleet/contracts';

/** One account of a chain, with the fees its parent set (SPEC 3). */
export interface PricedUser {
  id: number;
  username: string;
  userType: number;
  rentFee: number;
  smsDiscount: number;
  voiceDiscount: number;
  scadaDiscount: number;
}

/** The base prices before the administrator sets any: nothing is charged, renewal answers noRentFee. */
export const NO_BASE_PRICES: FeeBasePrices = { rent_fee: 0, sms_price: 0, voice_price: 0, scada_price: 0 };

const isPlatform = (u: PricedUser) => u.userType === UserType.PLATFORM;
const percentOf = (base: number, percent: number) => Math.round((base * percent) / 100);

export const feesOf = (u: PricedUser): UserFees => ({
  rent_fee: u.rentFee,
  sms_discount: u.smsDiscount,
  voice_discount: u.voiceDiscount,
  scada_discount: u.scadaDiscount,
});

/**
 * What the last account of `chain` (root first, the account last) pays: the rent fee set on it, else
 * the nearest one set above it (0 = inherit), else the base price; the platform's own rent fee is
 * never a price. SMS, voice and SCADA: the base price times the account's discount.
 */
export function pricesOf(chain: PricedUser[], base: FeeBasePrices): FeePrices {
  const self = chain[chain.length - 1];
  if (!self || isPlatform(self)) return { ...base };
  let rent = base.rent_fee;
  for (let i = chain.length - 1; i >= 0; i--) {
    const u = chain[i]!;
    if (isPlatform(u)) break;
    if (u.rentFee > 0) {
      rent = u.rentFee;
      break;
    }
  }
  return {
    rent_fee: rent,
    sms_price: percentOf(base.sms_price, self.smsDiscount),
    voice_price: percentOf(base.voice_price, self.voiceDiscount),
    scada_price: percentOf(base.scada_price, self.scadaDiscount),
  };
}

/** Each price minus a cost, per key. */
export function marginOf(prices: FeePrices, cost: FeePrices): FeePrices {
  return {
    rent_fee: prices.rent_fee - cost.rent_fee,
    sms_price: prices.sms_price - cost.sms_price,
    voice_price: prices.voice_price - cost.voice_price,
    scada_price: prices.scada_price - cost.scada_price,
  };
}

export interface RentSplit {
  /** Cents per device and year the account pays. */
  unitFee: number;
  /** Per reseller above it (nearest first): its margin per device and year, > 0 only. */
  margins: { userId: number; username: string; perUnit: number }[];
}

/**
 * Who earns what of one device-year paid by the last account of `chain`: each reseller above it (not
 * the platform) earns the price of the account below it minus its own price; the platform keeps the
 * rest. A margin is never negative and the margins never add up to more than was paid.
 */
export function rentSplit(chain: PricedUser[], base: FeeBasePrices): RentSplit {
  const unitFee = pricesOf(chain, base).rent_fee;
  const margins: RentSplit['margins'] = [];
  let left = unitFee;
  for (let i = chain.length - 2; i >= 0; i--) {
    const reseller = chain[i]!;
    if (isPlatform(reseller)) break;
    const below = pricesOf(chain.slice(0, i + 2), base).rent_fee;
    const own = pricesOf(chain.slice(0, i + 1), base).rent_fee;
    const perUnit = Math.min(Math.max(0, below - own), left);
    if (perUnit > 0) margins.push({ userId: reseller.id, username: reseller.username, perUnit });
    left -= perUnit;
  }
  return { unitFee, margins };
}

/**
 * Fees a parent (the last of `parentChain`) may set on an account below it: never below the parent's
 * own cost (the rent fee 0 inherits the parent's price, so it is always allowed). The platform has no
 * cost. Answers the first fee below cost with the cost, or null.
 */
export function feeBelowCost(
  parentChain: PricedUser[],
  base: FeeBasePrices,
  fees: Partial<UserFees>,
): { fee: keyof UserFees; cost: number } | null {
  const parent = parentChain[parentChain.length - 1];
  if (!parent || isPlatform(parent)) return null;
  const cost = pricesOf(parentChain, base);
  if (fees.rent_fee !== undefined && fees.rent_fee > 0 && fees.rent_fee < cost.rent_fee)
    return { fee: 'rent_fee', cost: cost.rent_fee };
  // A discount is a share of a base price: below the parent's own only costs money when that price is set.
  const discounts = [
    ['sms_discount', parent.smsDiscount, base.sms_price],
    ['voice_discount', parent.voiceDiscount, base.voice_price],
    ['scada_discount', parent.scadaDiscount, base.scada_price],
  ] as const;
  for (const [key, own, basePrice] of discounts) {
    const wanted = fees[key];
    if (basePrice > 0 && wanted !== undefined && wanted < own) return { fee: key, cost: own };
  }
  return null;
}
