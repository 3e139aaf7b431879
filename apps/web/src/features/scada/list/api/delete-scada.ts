import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { scadaKeys } from './keys';

/** DELETE /scada/{id}. */
export function deleteScada(id: number) {
  return api.delete<null>(`/scada/${id}`);
}

export function useDeleteScada() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScada,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scadaKeys.lists() }),
  });
}
