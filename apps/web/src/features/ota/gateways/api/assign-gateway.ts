import type { OtaGatewayRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaGatewayKeys } from './keys';

/** POST /ota/gateways/{id}/assign: hands the gateway to an account below the caller (project cleared). */
export function assignOtaGateway({ id, userId }: { id: number; userId: number }) {
  return api.post<OtaGatewayRow>(`/ota/gateways/${id}/assign`, { user_id: userId });
}

export function useAssignOtaGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignOtaGateway,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: otaGatewayKeys.lists() }),
  });
}
