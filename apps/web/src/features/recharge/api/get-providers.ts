import type { PaymentProviderName } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** GET /recharge/providers: the payment providers enabled in platform management. */
export function useProviders() {
  return useQuery({
    queryKey: rechargeKeys.providers(),
    queryFn: ({ signal }) =>
      api.get<{ providers: PaymentProviderName[] }>('/recharge/providers', undefined, {
        signal,
        notify: false,
      }),
    retry: false,
  });
}
