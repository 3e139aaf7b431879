import { lowerTiersOf, type UserType } from '@fleet/contracts';

/**
 * SPEC 1: the tier choices offered when creating a user. A customer gets a type greater than mine;
 * a sub-account has exactly my type (so the only choice is mine, shown but not changeable).
 */
export function tierChoices(myType: UserType, isSubuser: boolean): UserType[] {
  return isSubuser ? [myType] : lowerTiersOf(myType);
}

/** The tier a new user gets by default: mine for a sub-account, otherwise the first lower tier. */
export function defaultTier(myType: UserType, isSubuser: boolean): UserType | undefined {
  return tierChoices(myType, isSubuser)[0];
}

/** Tag colours per tier so the table reads at a glance. */
export const TIER_COLORS: Record<number, string> = {
  0: 'magenta',
  1: 'geekblue',
  2: 'blue',
  3: 'cyan',
  4: 'green',
  5: 'default',
};
