import type { RenewalOrderRow, RenewInput } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** POST /recharge/renew: N devices for Y years from the balance. */
export function useRenewDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RenewInput) => api.post<RenewalOrderRow>('/recharge/renew', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rechargeKeys.all }),
  });
}
