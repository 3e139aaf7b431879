import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customScreenKeys, fetchPoints, type ScreenDataSource, scopeKey } from './custom-screens';

/** The latest values of the bound points; polled every `refetchMs` (the external link has no /wss). */
export function useScreenPoints(source: ScreenDataSource, ids: readonly number[], refetchMs: number | false) {
  const key = ids.join(',');
  return useQuery({
    queryKey: customScreenKeys.points(scopeKey(source), key),
    queryFn: ({ signal }) => fetchPoints(source, ids, signal),
    refetchInterval: refetchMs,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
