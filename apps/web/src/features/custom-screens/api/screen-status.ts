import type { ScreenStatusAnswer } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { customScreenKeys, type ScreenDataSource, scopeKey } from './custom-screens';

export interface StatusBody {
  devices: number[];
  columns: string[];
}

/** A status table's rows: by widget id for a stored screen or a link, by its fields in the designer. */
export function fetchStatus(
  source: ScreenDataSource,
  widgetId: string,
  body: StatusBody,
  signal?: AbortSignal,
): Promise<ScreenStatusAnswer> {
  if (source.kind === 'screen')
    return api.get(`/custom-screen/${source.id}/status`, { widget: widgetId }, { signal, notify: false });
  if (source.kind === 'share')
    return api.get(
      `/screen-share/${encodeURIComponent(source.token)}/status`,
      { widget: widgetId },
      { signal, notify: false },
    );
  return api.post('/custom-screen/preview/status', body, { signal, notify: false });
}

/** Re-read every `refetchMs` (live screens heal a missed frame; a link without /wss polls). */
export function useScreenStatus(
  source: ScreenDataSource,
  widgetId: string,
  body: StatusBody,
  refetchMs: number,
) {
  return useQuery({
    queryKey: [...customScreenKeys.all, 'status', scopeKey(source), widgetId, JSON.stringify(body)],
    queryFn: ({ signal }) => fetchStatus(source, widgetId, body, signal),
    refetchInterval: refetchMs,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
