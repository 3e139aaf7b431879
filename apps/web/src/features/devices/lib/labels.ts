import { DEVICE_GATEWAY_PROTOCOLS, DEVICE_PROTOCOLS, PROTOCOL_NAMES } from '@fleet/contracts';

export const protocolLabel = (code: number | null | undefined) =>
  code === null || code === undefined ? '' : (PROTOCOL_NAMES[code] ?? String(code));

export const PROTOCOL_OPTIONS = DEVICE_PROTOCOLS.map((p) => ({
  value: p,
  label: PROTOCOL_NAMES[p] ?? String(p),
}));
export const GATEWAY_PROTOCOL_OPTIONS = DEVICE_GATEWAY_PROTOCOLS.map((p) => ({ value: p, label: p }));

/** DTUGW gateways blue, DT direct devices cyan. */
export const CLASS_COLOUR: Record<string, string> = { DTUGW: 'blue', DT: 'cyan' };

export function formatTime(value: string | null | undefined, na: string): string {
  if (!value) return na;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return na;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
