import { OrderStatus, type RechargeOrderRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** How often /recharge asks whether the payment arrived. */
export const ORDER_POLL_MS = 2000;

/** GET /recharge/orders/{id}, polled while the order is unpaid. */
export function useOrder(id: number | null) {
  return useQuery({
    queryKey: rechargeKeys.order(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<RechargeOrderRow>(`/recharge/orders/${id}`, undefined, { signal, notify: false }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === OrderStatus.UNPAID ? ORDER_POLL_MS : false),
    retry: false,
  });
}
