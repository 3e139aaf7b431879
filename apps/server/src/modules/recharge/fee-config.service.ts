import {
  type FeeBasePrices,
  type FeeChildInput,
  type FeeConfigView,
  feeBasePrices,
  type UserFees,
} from '@fleet/contracts';
import { notFound, requirePlatform } from '../../platform/auth/access.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { userMessage } from '../../platform/http/errors.js';
import { isBelowDataOwner } from '../../platform/tenancy/scope.js';
import { MODULES_OPTION } from '../system/options.defaults.js';
import { createPlatformOptions } from '../system/platform-options.service.js';
import { mergeModules } from '../system/system.service.js';
import { createFeeConfigRepository, type PricedRow } from './fee-config.repository.js';
import {
  feeBelowCost,
  feesOf,
  marginOf,
  NO_BASE_PRICES,
  pricesOf,
  type RentSplit,
  rentSplit,
} from './pricing.js';

/** Platform option holding the administrator's base prices (FeeBasePrices, cents). */
export const FEE_BASE_OPTION = 'fee_base_prices';

/**
 * Fee configuration (issue 20 item 5, docs/recharge.md): base prices of the platform, the fees a parent
 * sets on the accounts below it (never below its own cost) and the split of a renewal between the
 * platform and each reseller above the paying account.
 */
export function createFeeConfigService({ db }: { db: Executor }) {
  const repo = createFeeConfigRepository(db);
  const options = createPlatformOptions(db);

  async function basePrices(tx?: Executor): Promise<FeeBasePrices> {
    const parsed = feeBasePrices.safeParse(await options.getOption(FEE_BASE_OPTION, tx));
    return parsed.success ? parsed.data : NO_BASE_PRICES;
  }

  async function requireModule(): Promise<void> {
    if (!mergeModules(await options.getOption(MODULES_OPTION)).feeConfig) throw userMessage('fee.configOff');
  }

  /** 20000 when a fee is below the cost of the parent (the last of `parentChain`). */
  function checkAgainst(parentChain: PricedRow[], base: FeeBasePrices, fees: Partial<UserFees>) {
    const below = feeBelowCost(parentChain, base, fees);
    if (below) throw userMessage('fee.belowCost', { fee: below.fee, cost: below.cost });
  }

  async function view(scope: Scope): Promise<FeeConfigView> {
    const base = await basePrices();
    const chain = await repo.chainOf(scope.dataOwnerId);
    const me = chain[chain.length - 1];
    const isPlatform = !me || me.userType === 0;
    const cost = pricesOf(chain, base);
    const children = await repo.childrenOf(scope.dataOwnerId);
    return {
      base,
      can_edit_base: scope.userType === 0,
      own: isPlatform ? null : { fees: feesOf(me), prices: cost },
      children: children.map((c) => {
        const prices = pricesOf([...chain, c], base);
        return {
          user_id: c.id,
          username: c.username,
          nick_name: c.nickName,
          user_type: c.userType,
          fees: feesOf(c),
          prices,
          margin: marginOf(prices, isPlatform ? NO_BASE_PRICES : cost),
        };
      }),
    };
  }

  return {
    basePrices,

    /** What the account pays per device and year and each reseller's margin of it. */
    async rentSplitOf(userId: number, tx?: Executor): Promise<RentSplit> {
      return rentSplit(await repo.chainOf(userId, tx), await basePrices(tx));
    },

    /** For the user admin: fees set on a new or edited account below `parentId`, never below cost. */
    async checkFees(parentId: number, fees: Partial<UserFees> | undefined): Promise<void> {
      if (!fees) return;
      checkAgainst(await repo.chainOf(parentId), await basePrices(), fees);
    },

    async view(scope: Scope): Promise<FeeConfigView> {
      await requireModule();
      return view(scope);
    },

    async setBase(scope: Scope, body: FeeBasePrices): Promise<FeeConfigView> {
      requirePlatform(scope);
      await requireModule();
      await options.setOption(FEE_BASE_OPTION, body);
      return view(scope);
    },

    /** A parent sets the fees of an account below it (its own sub-accounts have none). */
    async setChild(scope: Scope, userId: number, body: FeeChildInput): Promise<FeeConfigView> {
      await requireModule();
      const chain = await repo.chainOf(userId);
      const target = chain[chain.length - 1];
      if (!target || target.isSubuser || !isBelowDataOwner(scope, target.path))
        throw notFound('user not found');
      checkAgainst(chain.slice(0, -1), await basePrices(), body);
      await repo.setFees(userId, {
        rentFee: body.rent_fee,
        smsDiscount: body.sms_discount,
        voiceDiscount: body.voice_discount,
        scadaDiscount: body.scada_discount,
      });
      return view(scope);
    },
  };
}

export type FeeConfigService = ReturnType<typeof createFeeConfigService>;
