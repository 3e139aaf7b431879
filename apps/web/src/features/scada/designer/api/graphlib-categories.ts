import type { GraphlibCategoryRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';

/** GET /scada/graphlib/category: the categories of the user's graph library. */
export function useGraphlibCategories() {
  return useQuery({
    queryKey: ['scada-designer', 'graphlib-categories'],
    queryFn: ({ signal }) =>
      api.get<{ rows: GraphlibCategoryRow[]; total: number }>('/scada/graphlib/category', undefined, {
        signal,
        notify: false,
      }),
  });
}
