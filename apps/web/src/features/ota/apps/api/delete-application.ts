import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaAppKeys } from './keys';

/** DELETE /ota/applications/{id}: refused (20000) while a plan refers to it. */
export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/ota/applications/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: otaAppKeys.lists() }),
  });
}
