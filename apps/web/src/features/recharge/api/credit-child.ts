import type { CreditInput, RechargeOrderRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** POST /recharge/credit: credit an account below me from my balance (or offline: platform only). */
export function useCreditChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreditInput) => api.post<RechargeOrderRow>('/recharge/credit', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rechargeKeys.all }),
  });
}
