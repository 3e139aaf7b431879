import type { MaintenanceStats } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { planKeys } from './plans';

export function useMaintenanceStats(query: { days: number }) {
  return useQuery({
    queryKey: planKeys.stats(query),
    queryFn: ({ signal }) =>
      api.get<MaintenanceStats>('/maintenance/stats', query, { signal, notify: false }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
