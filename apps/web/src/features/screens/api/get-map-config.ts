import type { MapConfig } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { screenKeys } from './keys';

export function getMapConfig(signal?: AbortSignal): Promise<MapConfig> {
  return api.get<MapConfig>('/map/config', {}, { signal, notify: false });
}

/** The basemap setting; a failed read leaves the offline basemap (undefined config). */
export function useMapConfig() {
  return useQuery({
    queryKey: screenKeys.mapConfig(),
    queryFn: ({ signal }) => getMapConfig(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
