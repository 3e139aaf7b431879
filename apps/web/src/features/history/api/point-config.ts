import { useQuery } from '@tanstack/react-query';
import { deviceKeys } from '../../devices/api/keys';
import { listPoints } from '../../devices/api/points';

/**
 * The points' configuration (translations, decimals): the device detail's query, shared through its
 * key (GET /device/{id}/datapoint). Optional: without it values show untranslated.
 */
export function usePointConfig(deviceId: number | null) {
  return useQuery({
    queryKey: deviceKeys.points(deviceId ?? 0),
    queryFn: ({ signal }) => listPoints(deviceId ?? 0, signal),
    enabled: deviceId !== null && deviceId > 0,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
