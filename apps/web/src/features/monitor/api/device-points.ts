import { useQuery } from '@tanstack/react-query';
import { deviceKeys } from '../../devices/api/keys';
import { listPoints } from '../../devices/api/points';

/**
 * A card's point configuration (translation, decimals, writability): the device detail's query,
 * shared through its key (GET /device/{id}/datapoint, readable with Monitor.DeviceMonitor).
 */
export function useCardPoints(deviceId: number) {
  return useQuery({
    queryKey: deviceKeys.points(deviceId),
    queryFn: ({ signal }) => listPoints(deviceId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
