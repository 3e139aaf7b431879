import {
  OTA_ICCID_RE,
  OTA_SIM_CARRIERS,
  OTA_SIM_STATUSES,
  type OtaLineFailure,
  type OtaSimCreateBody,
} from '@fleet/contracts';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export const MB = 1024 * 1024;

/** Bytes as a person reads them: 1536 -> "1.5 KB", 0 -> "0 B" (binary units, at most one decimal). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${UNITS[unit]}`;
}

/** A card expiring within this many days is highlighted. */
export const EXPIRY_SOON_DAYS = 30;

export type ExpiryState = { kind: 'none' } | { kind: 'expired' | 'soon' | 'ok'; days: number };

/** Days from `today` (YYYY-MM-DD, local) to the expiry date; past, soon (<= 30 days) or later. */
export function expiryState(expiresOn: string | null, today: string): ExpiryState {
  if (!expiresOn) return { kind: 'none' };
  const days = Math.round(
    (Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
  if (days < 0) return { kind: 'expired', days: -days };
  return { kind: days <= EXPIRY_SOON_DAYS ? 'soon' : 'ok', days };
}

export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export interface ParsedSims {
  sims: OtaSimCreateBody[];
  /** The line (from 1) of each card, to show the server's item positions as lines. */
  lineOf: number[];
  /** The first column of every line, to name the line a repeat repeats. */
  values: string[];
  /** Lines refused here already (reason_key `client.*`, translated by the caller). */
  failed: OtaLineFailure[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * SIM cards pasted or loaded from a CSV file, one per line:
 * `ICCID[,carrier[,status[,expires_on[,data used MB[,data limit MB[,remark]]]]]]`. Blank lines and a
 * header line (first line not starting with an ICCID) are skipped. Bad fields are reported by line.
 */
export function parseSimLines(text: string): ParsedSims {
  const out: ParsedSims = { sims: [], lineOf: [], values: [], failed: [] };
  text.split(/\r?\n/).forEach((raw, i) => {
    const cells = raw.split(/[,;\t]/).map((c) => c.trim().replace(/^"|"$/g, ''));
    const [iccid = '', carrier = '', status = '', expires = '', used = '', limit = '', ...rest] = cells;
    out.values.push(iccid);
    if (!iccid || (i === 0 && !/^[0-9]/.test(iccid))) return;
    const mb = (v: string) => (v === '' ? null : Number(v));
    const usedMb = mb(used);
    const limitMb = mb(limit);
    const problem = !OTA_ICCID_RE.test(iccid)
      ? 'client.iccid'
      : carrier && !(OTA_SIM_CARRIERS as readonly string[]).includes(carrier)
        ? 'client.carrier'
        : status && !(OTA_SIM_STATUSES as readonly string[]).includes(status)
          ? 'client.status'
          : expires && !DATE.test(expires)
            ? 'client.date'
            : [usedMb, limitMb].some((v) => v !== null && !(Number.isFinite(v) && v >= 0))
              ? 'client.amount'
              : null;
    if (problem) {
      out.failed.push({ row: i + 1, value: iccid, reason: problem, reason_key: problem });
      return;
    }
    const sim: OtaSimCreateBody = { iccid: iccid.toUpperCase() };
    if (carrier) sim.carrier = carrier as OtaSimCreateBody['carrier'];
    if (status) sim.status = status as OtaSimCreateBody['status'];
    if (expires) sim.expires_on = expires;
    if (usedMb !== null) sim.data_used = Math.round(usedMb * MB);
    if (limitMb !== null) sim.data_limit = Math.round(limitMb * MB);
    if (rest.length) sim.remark = rest.join(', ').slice(0, 500);
    out.sims.push(sim);
    out.lineOf.push(i + 1);
  });
  return out;
}
