import type { FeeOverview } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** GET /fee/overview: balance, this month's spending, quotas, recent orders. */
export function useFeeOverview() {
  return useQuery({
    queryKey: rechargeKeys.overview(),
    queryFn: ({ signal }) => api.get<FeeOverview>('/fee/overview', undefined, { signal, notify: false }),
    retry: false,
  });
}
