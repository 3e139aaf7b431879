import { useQuery } from '@tanstack/react-query';
import { listDevices } from '../../devices/api/list-devices';
import { monitorKeys } from './keys';
import type { MonitorQuery } from './monitor-devices';

/** The most devices one map shows (the largest page GET /device answers). */
export const MAP_LIMIT = 100;

/** GET /device: the devices of the filter with their coordinates, for the map. */
export function useMapDevices(query: Omit<MonitorQuery, 'page' | 'limit'>, enabled: boolean) {
  const full = { ...query, page: 1, limit: MAP_LIMIT };
  return useQuery({
    queryKey: monitorKeys.map(full),
    queryFn: ({ signal }) => listDevices(full, signal),
    enabled,
    refetchInterval: 60_000,
  });
}
