import type { DeviceRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

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
