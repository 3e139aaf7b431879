import type { DataPointRow, LastdpsRow } from '@fleet/contracts';
import { formatPointValue, isWritable } from '../../devices/lib/live-format';

/** How many points a device card shows; the rest are on the device detail page. */
export const CARD_POINTS = 8;

export interface CardValue {
  point_id: number;
  name: string;
  /** The point's title, else its name. */
  label: string;
  /** The slave of a gateway point (a gateway's slaves often share point titles), null for the device's own. */
  slaveId: number | null;
  /** Translated or formatted value (SPEC 4), null when never reported. */
  text: string | null;
  translated: boolean;
  /** The raw value, shown as a tooltip when translated. */
  raw: number | string | null;
  unit: string;
  at: string | null;
  /** The point's configuration when it may be written from the card. */
  writable: DataPointRow | undefined;
}

/**
 * The values a card shows: the first points of GET /device/lastdps in the server's order, formatted
 * with the point's decimals and translation when the point list is known (without it: raw numbers).
 */
export function cardValues(
  row: Pick<LastdpsRow, 'lastdp'>,
  points: readonly DataPointRow[] | undefined,
  max = CARD_POINTS,
): CardValue[] {
  const byId = new Map((points ?? []).map((p) => [p.id, p]));
  return row.lastdp.slice(0, max).map((l) => {
    const point = byId.get(l.point_id);
    const shown = formatPointValue(l.value, {
      decimals: point ? point.decimals : null,
      translate: point?.ds_config.translate,
    });
    // Without the point list the number is shown as it came, not rounded to 0 decimals.
    const text = !point && typeof l.value === 'number' ? String(l.value) : (shown?.text ?? null);
    return {
      point_id: l.point_id,
      name: l.name,
      label: l.title || l.name,
      slaveId: point?.slave_id ?? null,
      text,
      translated: shown?.translated ?? false,
      raw: l.value,
      unit: l.unit,
      at: l.at,
      writable: point && isWritable(point) ? point : undefined,
    };
  });
}

/** Time of the device's newest reading, else when it last came online; null when neither. */
export function lastUpdate(row: Pick<LastdpsRow, 'lastdp' | 'online_at'>): string | null {
  const newest = row.lastdp.reduce<string | null>((m, p) => (p.at && (!m || p.at > m) ? p.at : m), null);
  return newest ?? row.online_at;
}
