import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { rechargeKeys } from './keys';

/** POST /fee/expiry-notices/read: all of them, or the ids given. */
export function useMarkExpiryNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api.post<null>('/fee/expiry-notices/read', ids ? { ids } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rechargeKeys.expiryNotices() }),
  });
}
