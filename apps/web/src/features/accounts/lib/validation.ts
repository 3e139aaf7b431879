import { PASSWORD_RULE, USERNAME_RULE } from '@fleet/contracts';

/** Form rules shared by the account forms, as pure predicates so they are unit-tested. */
export const isValidUsername = (v: string): boolean => USERNAME_RULE.test(v.trim());
export const isValidPassword = (v: string): boolean => PASSWORD_RULE.test(v);
export const EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_RULE = /^\+?[0-9][0-9\- ]{4,30}$/;
/** A domain or host name as the customization table stores it (no scheme, no path; a port is allowed). */
export const DOMAIN_RULE =
  /^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*(:\d{1,5})?$/;

export const isValidEmail = (v: string | null | undefined): boolean => !v || EMAIL_RULE.test(v.trim());
export const isValidPhone = (v: string | null | undefined): boolean => !v || PHONE_RULE.test(v.trim());
export const isValidDomain = (v: string): boolean => DOMAIN_RULE.test(v.trim());

/** Role names: 1 to 64 characters, not blank (contract roleBody). */
export const isValidRoleName = (v: string | null | undefined): boolean => {
  const s = (v ?? '').trim();
  return s.length > 0 && s.length <= 64;
};

/** Validator factory for antd Form rules: resolves when valid, rejects with the translated message. */
export function ruleOf(test: (v: string) => boolean, message: string) {
  return {
    validator: async (_rule: unknown, value: string | null | undefined) => {
      if (value === undefined || value === null || value === '') return;
      if (!test(value)) throw new Error(message);
    },
  };
}
