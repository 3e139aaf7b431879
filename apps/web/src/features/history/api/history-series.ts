import type { SeriesAnswer } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { seriesQuery, type Window } from '../lib/history-params';
import { historyKeys } from './keys';

export interface SeriesRequest {
  pointIds: number[];
  window: Window;
  fn: string;
}

/** The answer with the window it covers (a zoomed answer is merged into the overview by its window). */
export interface WindowedSeries {
  answer: SeriesAnswer;
  window: Window;
}

/** GET /device/history/series (docs/api-pipeline.md): aggregated chart data of up to 20 points. */
export async function getSeries(req: SeriesRequest, signal?: AbortSignal): Promise<WindowedSeries> {
  const answer = await api.get<SeriesAnswer>(
    '/device/history/series',
    seriesQuery(req.pointIds, req.window, req.fn),
    { signal, notify: false, timeoutMs: 30_000 },
  );
  return { answer, window: req.window };
}

/** The chart's data; `keepPrevious` keeps the last answer on screen while a zoomed window loads. */
export function useHistorySeries(req: SeriesRequest | null, keepPrevious = false) {
  return useQuery({
    queryKey: historyKeys.series(req ?? {}),
    queryFn: ({ signal }) => getSeries(req as SeriesRequest, signal),
    enabled: req !== null && req.pointIds.length > 0,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    retry: false,
  });
}
