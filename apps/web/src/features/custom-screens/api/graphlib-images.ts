import type { GraphlibCategoryRow, GraphlibItemRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** Query keys of the graph library as custom screens read it (its pictures are screen images). */
export const screenImageKeys = {
  all: ['customScreens', 'graphlib'] as const,
  items: (search: string) => [...screenImageKeys.all, 'items', search] as const,
  categories: () => [...screenImageKeys.all, 'categories'] as const,
};

/** GET /scada/graphlib: the pictures of the user's graph library (newest first), as screen images. */
export function useScreenImages(search: string, enabled: boolean) {
  return useQuery({
    queryKey: screenImageKeys.items(search),
    queryFn: ({ signal }) =>
      api.get<{ rows: GraphlibItemRow[]; total: number }>(
        '/scada/graphlib',
        { page: 1, limit: 100, ...(search ? { search } : {}) },
        { signal, notify: false },
      ),
    enabled,
  });
}

/** GET /scada/graphlib/category (the upload puts a new picture in one). */
export function fetchImageCategories(signal?: AbortSignal) {
  return api.get<{ rows: GraphlibCategoryRow[]; total: number }>('/scada/graphlib/category', undefined, {
    signal,
    notify: false,
  });
}
