import type { ConsumptionRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

export interface ConsumptionParams {
  page: number;
  limit: number;
  consume_type?: number;
  from?: string;
  to?: string;
}

/** GET /recharge/consumption (Recharge/comsume_record). */
export function useConsumption(query: ConsumptionParams) {
  return useQuery({
    queryKey: rechargeKeys.consumption(query),
    queryFn: ({ signal }) =>
      api.get<{ rows: ConsumptionRow[]; total: number }>(
        '/recharge/consumption',
        { ...query },
        { signal, notify: false },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
