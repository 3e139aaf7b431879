import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateCustomize } from './save-customize';

export function deleteCustomize(id: number): Promise<null> {
  return api.delete<null>(`/customize/${id}`);
}

export function useDeleteCustomize() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCustomize, onSuccess: () => invalidateCustomize(queryClient) });
}
