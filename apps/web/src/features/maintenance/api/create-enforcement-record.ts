import type { EnforcementDetail } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { type EnforcementCreateInput, enforcementKeys } from './enforcement';

export function useCreateEnforcementRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnforcementCreateInput) =>
      api.post<EnforcementDetail>('/maintenance/enforcement', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enforcementKeys.all }),
  });
}
