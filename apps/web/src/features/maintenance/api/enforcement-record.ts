import type { EnforcementDetail } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { enforcementKeys } from './enforcement';

export function useEnforcementRecord(id: number | null) {
  return useQuery({
    queryKey: enforcementKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<EnforcementDetail>(`/maintenance/enforcement/${id}`, undefined, { signal, notify: false }),
    enabled: id !== null,
    retry: false,
  });
}
