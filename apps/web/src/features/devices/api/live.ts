import type { LastPoint } from '@fleet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../shared/api/client';
import { useLiveDevices } from '../../../shared/live/use-live';
import { mergeLiveReadings } from '../lib/live-rows';
import { deviceKeys } from './keys';

/**
 * Live data (LD) from /wss updates the values in place; this re-read is the safety net for a missed
 * push or a dropped connection.
 */
export const LIVE_REFRESH_MS = 30_000;

export function getLastPoints(deviceId: number, signal?: AbortSignal) {
  return api.get<LastPoint[]>('/device/lastdp', { device_id: deviceId }, { signal, notify: false });
}

/** Time of the newest reading of the answer ('' when none). */
const newestAt = (rows: readonly LastPoint[]) => rows.reduce((m, r) => (r.at && r.at > m ? r.at : m), '');

export function useLastPoints(deviceId: number) {
  const queryClient = useQueryClient();
  const seen = useRef<string | null>(null);
  const query = useQuery({
    queryKey: deviceKeys.lastdp(deviceId),
    queryFn: ({ signal }) => getLastPoints(deviceId, signal),
    refetchInterval: LIVE_REFRESH_MS,
    retry: false,
  });
  useLiveDevices([deviceId], (_id, readings) => {
    queryClient.setQueryData<LastPoint[]>(deviceKeys.lastdp(deviceId), (rows) =>
      rows ? mergeLiveReadings(rows, readings) : rows,
    );
  });
  // New readings usually mean the device came online: re-read the header's status (the detail only).
  const newest = query.data ? newestAt(query.data) : null;
  useEffect(() => {
    if (newest === null) return;
    if (seen.current !== null && newest !== seen.current)
      void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(deviceId), exact: true });
    seen.current = newest;
  }, [newest, deviceId, queryClient]);
  return query;
}
