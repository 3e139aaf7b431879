import type { OtaGatewayType, OtaSimStatus } from '@fleet/contracts';
import { OTA_IMEI_RE } from '@fleet/contracts';

/** SPEC 3: 1 DTU gateway, 2 smart gateway. */
export const TYPE_KEYS: Record<OtaGatewayType, string> = {
  1: 'otaGateways.type.dtu',
  2: 'otaGateways.type.smart',
};

export const typeOptions = (t: (key: string) => string) =>
  ([1, 2] as const).map((v) => ({ value: v, label: t(TYPE_KEYS[v]) }));

/** SPEC 5 IMEI entry, as the server splits it: lines trimmed, blank lines skipped but counted. */
export function imeiLines(text: string): { count: number; invalid: number[] } {
  let count = 0;
  const invalid: number[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const imei = raw.trim();
    if (!imei) return;
    count += 1;
    if (!OTA_IMEI_RE.test(imei)) invalid.push(i + 1);
  });
  return { count, invalid };
}

/** A text file of IMEIs (txt or csv): the first column of each line, the header line dropped. */
export function imeisFromFile(content: string): string {
  return content
    .split(/\r?\n/)
    .map((line) => (line.split(/[,;\t]/)[0] ?? '').trim().replace(/^"|"$/g, ''))
    .filter((cell, i) => cell !== '' && !(i === 0 && !/^[0-9]+$/.test(cell)))
    .join('\n');
}

export function formatTime(value: string | null | undefined, na: string): string {
  if (!value) return na;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return na;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export const SIM_STATUS_COLOUR: Record<OtaSimStatus, string> = {
  active: 'green',
  suspended: 'orange',
  deactivated: 'default',
};
