import { z } from 'zod';

/**
 * User tiers of SPEC 1. A user creates only users whose type is greater than its own.
 * The spec gives two readings of the names; labels live in the web app's i18n files
 * under `userType.{value}`.
 */
export const UserType = {
  PLATFORM: 0,
  MANUFACTURER: 1,
  AGENT_1: 2,
  AGENT_2: 3,
  PERSONAL: 4,
  REGISTERED: 5,
} as const;
export type UserType = (typeof UserType)[keyof typeof UserType];
export const USER_TYPES: readonly UserType[] = [0, 1, 2, 3, 4, 5];
export const userTypeSchema = z.union(
  USER_TYPES.map((t) => z.literal(t)) as [z.ZodLiteral<UserType>, ...z.ZodLiteral<UserType>[]],
);

/** Lower-tier choices offered to a user: the types greater than its own (SPEC 1). */
export function lowerTiersOf(type: UserType): UserType[] {
  return USER_TYPES.filter((t) => t > type);
}

/** SPEC 4: user status 0 disabled, 1 normal. */
export const UserStatus = { DISABLED: 0, NORMAL: 1 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];
