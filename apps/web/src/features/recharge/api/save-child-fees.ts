import type { FeeChildInput, FeeConfigView } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** PUT /fee/config/{id}: the fees of an account below me, never below my own cost. */
export function useSaveChildFees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FeeChildInput }) =>
      api.put<FeeConfigView>(`/fee/config/${id}`, body),
    onSuccess: (view) => queryClient.setQueryData(rechargeKeys.feeConfig(), view),
  });
}
