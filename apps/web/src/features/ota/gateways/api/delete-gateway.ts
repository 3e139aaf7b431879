import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaGatewayKeys } from './keys';

/** DELETE /ota/gateways/{id}. */
export function deleteOtaGateway(id: number) {
  return api.delete<null>(`/ota/gateways/${id}`);
}

export function useDeleteOtaGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOtaGateway,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: otaGatewayKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: ['ota-sims'] }),
      ]),
  });
}
