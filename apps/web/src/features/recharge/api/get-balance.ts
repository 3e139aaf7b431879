import type { BalanceReport } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** GET /recharge/balance (Recharge/balance): the balance in cents, derived from the ledger. */
export function useBalance() {
  return useQuery({
    queryKey: rechargeKeys.balance(),
    queryFn: ({ signal }) =>
      api.get<BalanceReport>('/recharge/balance', undefined, { signal, notify: false }),
    retry: false,
  });
}
