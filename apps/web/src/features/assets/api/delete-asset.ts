import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { workOrderKeys } from '../../maintenance/api/keys';
import { useInvalidate } from './invalidate-assets';

export function useDeleteAsset() {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/maintenance/asset/${id}`),
    onSuccess: () =>
      Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: workOrderKeys.all })]),
  });
}
