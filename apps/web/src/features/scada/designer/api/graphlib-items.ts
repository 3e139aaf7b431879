import type { GraphlibItemRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';

/** GET /scada/graphlib: the user's uploaded symbols, by name and category. */
export function useGraphlibItems(search: string, categoryId: number | undefined) {
  return useQuery({
    queryKey: ['scada-designer', 'graphlib', search, categoryId ?? 0],
    queryFn: ({ signal }) =>
      api.get<{ rows: GraphlibItemRow[]; total: number }>(
        '/scada/graphlib',
        {
          page: 1,
          limit: 100,
          ...(search ? { search } : {}),
          ...(categoryId ? { category_id: categoryId } : {}),
        },
        { signal, notify: false },
      ),
  });
}
