import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaSimKeys } from './keys';

/** DELETE /ota/sims/{id}: the gateways keep their ICCID (their SIM status becomes empty). */
export function useDeleteOtaSim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/ota/sims/${id}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: otaSimKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: ['ota-gateways'] }),
      ]),
  });
}
