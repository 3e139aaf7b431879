import type { RenewalOrderRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** GET /recharge/renew/orders (Recharge/renew_record). */
export function useRenewals(query: { page: number; limit: number }) {
  return useQuery({
    queryKey: rechargeKeys.renewalList(query),
    queryFn: ({ signal }) =>
      api.get<{ rows: RenewalOrderRow[]; total: number }>(
        '/recharge/renew/orders',
        { ...query },
        { signal, notify: false },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
