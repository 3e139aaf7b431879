import { useEffect, useState } from 'react';
import { useLiveEvents } from '../../../shared/live/use-live';

export type StatusOverrides = ReadonlyMap<number, { status?: number; alarmType?: number }>;

/** SPEC 4: alarm types 0 and 3 record a recovery. */
const isRecovery = (alarmType: number) => alarmType === 0 || alarmType === 3;

/**
 * Live status of the devices on a map: OL sets online/offline, AL raises (its type) or recovers (0),
 * at once, over the rows last fetched. A new fetch (`rowsVersion`) starts from its own statuses.
 */
export function useLiveMapStatus(rowsVersion: unknown): StatusOverrides {
  const [overrides, setOverrides] = useState<Map<number, { status?: number; alarmType?: number }>>(new Map());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer replaces the live overrides
  useEffect(() => setOverrides(new Map()), [rowsVersion]);
  const patch = (id: number, change: { status?: number; alarmType?: number }) =>
    setOverrides((prev) => new Map(prev).set(id, { ...prev.get(id), ...change }));
  useLiveEvents('OL', (e) => patch(e.deviceId, { status: e.data.status }));
  useLiveEvents('AL', (e) =>
    patch(e.deviceId, { alarmType: isRecovery(e.data.alarm_type) ? 0 : e.data.alarm_type, status: 1 }),
  );
  return overrides;
}
