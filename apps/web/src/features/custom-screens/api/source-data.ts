import type { ScreenSource } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  customScreenKeys,
  fetchSourceData,
  type ScreenDataSource,
  SOURCE_REFETCH_MS,
  scopeKey,
} from './custom-screens';

export function useSourceData(source: ScreenDataSource, widgetId: string, data: ScreenSource) {
  return useQuery({
    queryKey: customScreenKeys.data(scopeKey(source), `${widgetId}:${JSON.stringify(data)}`),
    queryFn: ({ signal }) => fetchSourceData(source, widgetId, data, signal),
    refetchInterval: SOURCE_REFETCH_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
