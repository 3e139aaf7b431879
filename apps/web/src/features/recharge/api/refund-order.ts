import type { RefundInput, RefundRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** POST /recharge/orders/{id}/refund: a platform administrator refunds a paid top-up (cents). */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RefundInput & { id: number }) =>
      api.post<RefundRow>(`/recharge/orders/${id}/refund`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rechargeKeys.all }),
  });
}
