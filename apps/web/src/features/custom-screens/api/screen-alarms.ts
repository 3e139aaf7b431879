import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ALARMS_REFETCH_MS,
  customScreenKeys,
  fetchAlarms,
  type ScreenDataSource,
  scopeKey,
} from './custom-screens';

export function useScreenAlarms(
  source: ScreenDataSource,
  widgetId: string,
  body: { devices: number[]; rows: number },
) {
  return useQuery({
    queryKey: [...customScreenKeys.all, 'alarms', scopeKey(source), widgetId, JSON.stringify(body)],
    queryFn: ({ signal }) => fetchAlarms(source, widgetId, body, signal),
    refetchInterval: ALARMS_REFETCH_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
