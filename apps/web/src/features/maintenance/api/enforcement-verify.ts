import type { EnforcementVerifyAnswer } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { enforcementKeys } from './enforcement';

/** GET /maintenance/enforcement/verify: walks the tenant's chain (run on demand, and once on the list). */
export function useEnforcementVerify() {
  return useQuery({
    queryKey: enforcementKeys.verify(),
    queryFn: ({ signal }) =>
      api.get<EnforcementVerifyAnswer>('/maintenance/enforcement/verify', undefined, {
        signal,
        notify: false,
      }),
    retry: false,
    staleTime: 60_000,
  });
}
