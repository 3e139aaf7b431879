import type { ScreenMapAnswer } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { customScreenKeys, type ScreenDataSource, scopeKey } from './custom-screens';

/** A map widget's devices: by widget id for a stored screen or a link, by its device list in the designer. */
export function fetchScreenMap(
  source: ScreenDataSource,
  widgetId: string,
  devices: number[],
  signal?: AbortSignal,
): Promise<ScreenMapAnswer> {
  if (source.kind === 'screen')
    return api.get(`/custom-screen/${source.id}/map`, { widget: widgetId }, { signal, notify: false });
  if (source.kind === 'share')
    return api.get(
      `/screen-share/${encodeURIComponent(source.token)}/map`,
      { widget: widgetId },
      { signal, notify: false },
    );
  return api.post('/custom-screen/preview/map', { devices }, { signal, notify: false });
}

/** Re-read every `refetchMs` (a live screen heals a missed status; a link without /wss polls). */
export function useScreenMap(
  source: ScreenDataSource,
  widgetId: string,
  devices: number[],
  refetchMs: number,
) {
  return useQuery({
    queryKey: [...customScreenKeys.all, 'map', scopeKey(source), widgetId, devices.join(',')],
    queryFn: ({ signal }) => fetchScreenMap(source, widgetId, devices, signal),
    refetchInterval: refetchMs,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
