import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

/** One id: DELETE /device/{id}; several: POST /device/batch { ids, delete: true }. */
export function deleteDevices(ids: number[]) {
  if (ids.length === 1) return api.delete<null>(`/device/${ids[0]}`);
  return api.post<{ updated: number }>('/device/batch', { ids, delete: true });
}

export function useDeleteDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.lists() }),
  });
}
