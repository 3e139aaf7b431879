import type { DataPointRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export function listPoints(id: number, signal?: AbortSignal) {
  return api.get<{ rows: DataPointRow[]; total: number }>(`/device/${id}/datapoint`, undefined, { signal });
}

export function usePoints(id: number) {
  return useQuery({ queryKey: deviceKeys.points(id), queryFn: ({ signal }) => listPoints(id, signal) });
}
