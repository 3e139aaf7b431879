import type { LastdpsRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../shared/api/client';
import { monitorKeys } from './keys';

export interface MonitorQuery {
  page: number;
  limit: number;
  search: string;
  /** SPEC 4 list status: 1 normal, 0 offline, 2 alarm; absent: all. */
  status?: number;
  group_id?: number;
}

/** Live data (LD) patches the cards in place; this re-read is the safety net for missed pushes. */
export const MONITOR_REFRESH_MS = 60_000;

/** GET /device/lastdps: a page of devices (the device list filters) with their latest values. */
export function listMonitorDevices(query: MonitorQuery, signal?: AbortSignal) {
  return api.get<{ rows: LastdpsRow[]; total: number }>(
    '/device/lastdps',
    { ...query } as Record<string, QueryValue>,
    { signal },
  );
}

/** `enabled` false while the map is shown (the map reads GET /device instead). */
export function useMonitorDevices(query: MonitorQuery, enabled = true) {
  return useQuery({
    queryKey: monitorKeys.cards(query),
    queryFn: ({ signal }) => listMonitorDevices(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: MONITOR_REFRESH_MS,
    enabled,
  });
}
