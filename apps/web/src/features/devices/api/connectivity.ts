import type { OnofflineLogRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export interface OnOfflineQuery {
  page: number;
  limit: number;
  status?: number;
  starttime?: string;
  endtime?: string;
}

export function listOnOffline(deviceId: number, query: OnOfflineQuery, signal?: AbortSignal) {
  return api.get<{ rows: OnofflineLogRow[]; total: number }>(
    '/device/onofflinelog',
    { device_id: deviceId, ...query },
    { signal, notify: false },
  );
}

export function useOnOfflineLog(deviceId: number, query: OnOfflineQuery) {
  return useQuery({
    queryKey: deviceKeys.onoffline(deviceId, query),
    queryFn: ({ signal }) => listOnOffline(deviceId, query, signal),
    retry: false,
  });
}
