import type { RechargeOrderRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

export interface OrderListParams {
  page: number;
  limit: number;
  status?: number;
  pay_mode?: number;
  search?: string;
  from?: string;
  to?: string;
}

/** GET /recharge/orders: top-ups and credits of the caller's data subtree. */
export function useOrders(query: OrderListParams) {
  return useQuery({
    queryKey: rechargeKeys.orderList(query),
    queryFn: ({ signal }) =>
      api.get<{ rows: RechargeOrderRow[]; total: number }>(
        '/recharge/orders',
        { ...query },
        { signal, notify: false },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
