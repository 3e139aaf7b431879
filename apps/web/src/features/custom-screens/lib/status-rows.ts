import type { LiveReading, ScreenStatusRow } from '@fleet/contracts';
import type { StatusOverrides } from '../../screens/hooks/use-live-map-status';

export type LiveValues = ReadonlyMap<number, { value: LiveReading['value']; at: string }>;

/**
 * A status table's rows with what /wss said since they were read: OL / AL change a device's status,
 * LD readings replace its column values (by point id) and move its last reading forward. A locked
 * device keeps its values hidden whatever arrives.
 */
export function mergeStatusRows(
  rows: readonly ScreenStatusRow[],
  overrides: StatusOverrides,
  live: LiveValues,
  lastSeen: ReadonlyMap<number, string>,
): ScreenStatusRow[] {
  return rows.map((row) => {
    const o = overrides.get(row.device_id);
    const seen = lastSeen.get(row.device_id);
    return {
      ...row,
      status: o?.status ?? row.status,
      alarm_type: o?.alarmType ?? row.alarm_type,
      last_seen: seen && !row.locked && (!row.last_seen || seen > row.last_seen) ? seen : row.last_seen,
      values: row.values.map((v) => {
        const reading = v && !row.locked ? live.get(v.point_id) : undefined;
        return v && reading && (!v.at || reading.at >= v.at)
          ? { ...v, value: reading.value, at: reading.at }
          : v;
      }),
    };
  });
}

/** A status dot's colour: grey offline, green online, the alarm's colour when alarming. */
export const STATUS_DOT: Record<string, string> = {
  default: '#8c8c8c',
  success: '#52c41a',
  processing: '#1677ff',
  warning: '#faad14',
  error: '#f5222d',
};
