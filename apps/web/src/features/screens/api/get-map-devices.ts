import type { MapDevicesAnswer } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../shared/api/client';
import { screenKeys } from './keys';

export interface MapDevicesFilter {
  /** SPEC 4 list status: 1 normal, 0 offline, 2 alarm; absent: all. */
  status?: number;
  group_id?: number;
  project_id?: number;
}

/** Live OL / AL events recolour the map in between; this re-read catches new and moved devices. */
export const MAP_DEVICES_REFETCH_MS = 60_000;

export function getMapDevices(filter: MapDevicesFilter, signal?: AbortSignal): Promise<MapDevicesAnswer> {
  return api.get<MapDevicesAnswer>('/map/devices', { ...filter } as Record<string, QueryValue>, { signal });
}

export function useMapDevices(filter: MapDevicesFilter) {
  return useQuery({
    queryKey: screenKeys.mapDevices(filter),
    queryFn: ({ signal }) => getMapDevices(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: MAP_DEVICES_REFETCH_MS,
  });
}
