import type { FeeConfigView } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** GET /fee/config: base prices, my own cost and the fees of the accounts directly below me. */
export function useFeeConfig() {
  return useQuery({
    queryKey: rechargeKeys.feeConfig(),
    queryFn: ({ signal }) => api.get<FeeConfigView>('/fee/config', undefined, { signal }),
  });
}
