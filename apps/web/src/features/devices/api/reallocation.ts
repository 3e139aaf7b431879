import type { DeviceRow, Reallocation } from '@fleet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export type ReallocationAction = 'assign' | 'unassign' | 'transfer';

/** POST /device/{id}/assign | unassign | transfer with `{ user_id }`. */
export function reallocate(input: { deviceId: number; action: ReallocationAction; userId: number }) {
  return api.post<DeviceRow>(`/device/${input.deviceId}/${input.action}`, { user_id: input.userId });
}

export function useReallocate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reallocate,
    // The list shows the owner; the dialog reloads its users.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
