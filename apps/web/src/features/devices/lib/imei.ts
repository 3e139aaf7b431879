/** docs/api-devices.md: an IMEI is 6-20 digits. */
export const IMEI_PATTERN = /^[0-9]{6,20}$/;
export const isValidImei = (v: string) => IMEI_PATTERN.test(v.trim());

export interface ImeiLines {
  /** Non-blank lines, trimmed, in order. */
  imeis: string[];
  /** 1-based line numbers of malformed IMEIs. */
  invalid: number[];
  /** 1-based line numbers repeating an earlier IMEI. */
  duplicates: number[];
}

/** SPEC 5 IMEI entry: several allowed, one per line (blank lines skipped, CR/LF and spaces tolerated). */
export function parseImeiLines(text: string): ImeiLines {
  const imeis: string[] = [];
  const invalid: number[] = [];
  const duplicates: number[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const value = raw.trim();
    if (!value) return;
    imeis.push(value);
    if (!isValidImei(value)) invalid.push(i + 1);
    else if (seen.has(value)) duplicates.push(i + 1);
    seen.add(value);
  });
  return { imeis, invalid, duplicates };
}
