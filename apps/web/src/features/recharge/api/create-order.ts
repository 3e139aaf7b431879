import type { PaymentProviderName, RechargeOrderRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** POST /recharge/orders: a QR code order at the chosen provider (amount in cents). */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: number; provider: PaymentProviderName }) =>
      api.post<RechargeOrderRow>('/recharge/orders', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rechargeKeys.orders() }),
  });
}
