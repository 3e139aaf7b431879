import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { modelKeys } from './keys';

/** DELETE /device/model/{id}; the client shows the 20000 message while devices still use the model. */
export function deleteModel(id: number) {
  return api.delete<null>(`/device/model/${id}`);
}

export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelKeys.all }),
  });
}
