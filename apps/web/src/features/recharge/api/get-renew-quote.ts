import type { RenewQuote } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** GET /recharge/renew/quote (Recharge/renew): rent fee per device and year, and the balance. */
export function useRenewQuote() {
  return useQuery({
    queryKey: rechargeKeys.renewQuote(),
    queryFn: ({ signal }) =>
      api.get<RenewQuote>('/recharge/renew/quote', undefined, { signal, notify: false }),
    retry: false,
  });
}
