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
