import type { ScreenScadaAnswer } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { customScreenKeys, type ScreenDataSource, scopeKey } from './custom-screens';

/** An embedded SCADA app: by widget id for a stored screen or a link, by the app's id in the designer. */
export function fetchScreenScada(
  source: ScreenDataSource,
  widgetId: string,
  scadaId: number,
  signal?: AbortSignal,
): Promise<ScreenScadaAnswer> {
  if (source.kind === 'screen')
    return api.get(`/custom-screen/${source.id}/scada`, { widget: widgetId }, { signal, notify: false });
  if (source.kind === 'share')
    return api.get(
      `/screen-share/${encodeURIComponent(source.token)}/scada`,
      { widget: widgetId },
      { signal, notify: false },
    );
  return api.get('/custom-screen/preview/scada', { scada: scadaId }, { signal, notify: false });
}

/** Re-read every `refetchMs` (a live screen heals a missed frame; a link without /wss polls its values). */
export function useScreenScada(
  source: ScreenDataSource,
  widgetId: string,
  scadaId: number,
  refetchMs: number,
) {
  return useQuery({
    queryKey: [...customScreenKeys.all, 'scada', scopeKey(source), widgetId, scadaId],
    queryFn: ({ signal }) => fetchScreenScada(source, widgetId, scadaId, signal),
    refetchInterval: refetchMs,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
