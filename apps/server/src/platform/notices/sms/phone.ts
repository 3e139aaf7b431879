/** A phone number split into country code and national number, validated. */
export interface ParsedPhone {
  countryCode: string;
  national: string;
  /** `+<country><national>` */
  e164: string;
}

const MAINLAND = /^1[3-9]\d{9}$/;

/**
 * Accepts E.164 (`+` then 8 to 15 digits, no leading 0 in the country code) or a mainland 11-digit
 * mobile number (taken as +86). Spaces and dashes are ignored. Null when neither.
 * Country codes are split for +86 only (what the providers need); for others `countryCode` is ''
 * and `national` holds every digit after '+'.
 */
export function parsePhone(input: string): ParsedPhone | null {
  const text = input.replace(/[\s-]/g, '');
  if (MAINLAND.test(text)) return { countryCode: '86', national: text, e164: `+86${text}` };
  const m = /^\+([1-9]\d{7,14})$/.exec(text);
  if (!m) return null;
  const digits = m[1] as string;
  if (digits.startsWith('86')) {
    const national = digits.slice(2);
    // +86 must be a mainland mobile: the SMS and voice APIs refuse anything else anyway.
    return MAINLAND.test(national) ? { countryCode: '86', national, e164: `+${digits}` } : null;
  }
  return { countryCode: '', national: digits, e164: `+${digits}` };
}

export const isMainland = (p: ParsedPhone) => p.countryCode === '86';
