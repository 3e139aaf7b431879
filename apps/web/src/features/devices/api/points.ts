import type { DataPointRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

/** GET /device/{id}/datapoint; `notify: false` leaves a failure to the caller (no error toast). */
export function listPoints(id: number, signal?: AbortSignal, notify = true) {
  return api.get<{ rows: DataPointRow[]; total: number }>(`/device/${id}/datapoint`, undefined, {
    signal,
    notify,
  });
}

export function usePoints(id: number) {
  return useQuery({ queryKey: deviceKeys.points(id), queryFn: ({ signal }) => listPoints(id, signal) });
}

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
