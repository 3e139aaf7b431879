import type { MerchantSettingsRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** GET /platform/payment-merchants (user type 0): settings without the keys. */
export function useMerchants() {
  return useQuery({
    queryKey: rechargeKeys.merchants(),
    queryFn: ({ signal }) =>
      api.get<MerchantSettingsRow[]>('/platform/payment-merchants', undefined, { signal, notify: false }),
    retry: false,
  });
}
