import type { MerchantSettingsInput, MerchantSettingsRow, PaymentProviderName } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** PUT /platform/payment-merchants/{provider}: absent keys keep the stored ones. */
export function useSaveMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { provider: PaymentProviderName; body: Partial<MerchantSettingsInput> }) =>
      api.put<MerchantSettingsRow>(`/platform/payment-merchants/${input.provider}`, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rechargeKeys.all }),
  });
}
