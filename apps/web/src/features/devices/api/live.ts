import type { LastPoint, RefreshResult } from '@fleet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

/** Until the live websocket arrives the latest values are re-read this often. */
export const LIVE_REFRESH_MS = 5000;

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

export function refreshDevice(deviceId: number) {
  return api.get<RefreshResult>(`/device/refresh/${deviceId}`);
}

/** GET /device/refresh/:id: a DTU polls now; the latest values are re-read shortly after. */
export function useRefreshDevice(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshDevice(deviceId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.lastdp(deviceId) }),
  });
}
