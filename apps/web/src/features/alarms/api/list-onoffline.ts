import type { OnofflineLogRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { alarmKeys } from './keys';

export interface OnOfflineParams {
  page?: number;
  limit?: number;
  status?: number;
  starttime?: string;
  endtime?: string;
  search?: string;
}

export type OnOfflinePage = { rows: OnofflineLogRow[]; total: number };

/** GET /device/onofflinelog without device_id: every visible device (docs/api-pipeline.md). */
export function listOnOffline(query: OnOfflineParams, signal?: AbortSignal) {
  return api.get<OnOfflinePage>('/device/onofflinelog', { ...query }, { signal, notify: false });
}

export function useOnOfflineList(query: OnOfflineParams) {
  return useQuery({
    queryKey: alarmKeys.onoffline(query),
    queryFn: ({ signal }) => listOnOffline(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
