import { useQuery } from '@tanstack/react-query';
import { deviceKeys } from './keys';
import { listPoints } from './points';

/**
 * A device's point configuration (translations, decimals) where it is optional: shares the device
 * detail's key, but quietly empty (no toast, no retry) when the user may not read the point list.
 */
export function useOptionalPoints(deviceId: number | null | undefined) {
  const id = deviceId ?? 0;
  return useQuery({
    queryKey: deviceKeys.points(id),
    queryFn: ({ signal }) => listPoints(id, signal, false),
    enabled: id > 0,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
