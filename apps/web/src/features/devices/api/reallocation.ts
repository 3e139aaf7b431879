import type { Reallocation } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

const reallocationKey = (id: number) => [...deviceKeys.detail(id), 'reallocation'] as const;

/** GET /device/reallocation/{id}: owner, assigned users and the users it may go to (owner side only). */
export function getReallocation(id: number, signal?: AbortSignal) {
  return api.get<Reallocation>(`/device/reallocation/${id}`, undefined, { signal });
}

export function useReallocation(id: number | undefined) {
  return useQuery({
    queryKey: reallocationKey(id ?? 0),
    queryFn: ({ signal }) => getReallocation(id ?? 0, signal),
    enabled: id !== undefined,
  });
}
