import type { FeeBasePrices, FeeConfigView } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** PUT /fee/base (platform administrator): the base prices. */
export function useSaveBasePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeeBasePrices) => api.put<FeeConfigView>('/fee/base', body),
    onSuccess: (view) => queryClient.setQueryData(rechargeKeys.feeConfig(), view),
  });
}
