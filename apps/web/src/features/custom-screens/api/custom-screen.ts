import type { CustomScreenDetail } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { customScreenKeys } from './custom-screens';

export function useCustomScreen(id: number) {
  return useQuery({
    queryKey: customScreenKeys.detail(id),
    queryFn: ({ signal }) => api.get<CustomScreenDetail>(`/custom-screen/${id}`, {}, { signal }),
    // The designer keeps its own copy; a background refetch must not replace it.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
