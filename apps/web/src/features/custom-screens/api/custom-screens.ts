import type {
  CustomScreenRow,
  ListResult,
  ScreenAlarmsAnswer,
  ScreenPointsAnswer,
  ScreenSource,
  ScreenSourceData,
} from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** Query keys of custom screens. */
export const customScreenKeys = {
  all: ['customScreens'] as const,
  list: (q: object) => [...customScreenKeys.all, 'list', q] as const,
  detail: (id: number) => [...customScreenKeys.all, 'detail', id] as const,
  points: (scope: string, ids: string) => [...customScreenKeys.all, 'points', scope, ids] as const,
  data: (scope: string, key: string) => [...customScreenKeys.all, 'data', scope, key] as const,
  shared: (token: string) => [...customScreenKeys.all, 'shared', token] as const,
};

export interface CustomScreenListParams {
  page: number;
  limit: number;
  search?: string;
  published?: '0' | '1';
}

export function useCustomScreens(params: CustomScreenListParams, enabled = true) {
  return useQuery({
    queryKey: customScreenKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<CustomScreenRow>>('/custom-screen', { ...params }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * Where a screen reads its data: a stored screen (signed in), an external link (no session), or the
 * designer's preview of widgets not saved yet.
 */
export type ScreenDataSource =
  | { kind: 'screen'; id: number }
  | { kind: 'share'; token: string }
  | { kind: 'preview' };

export const scopeKey = (s: ScreenDataSource) =>
  s.kind === 'screen' ? `screen:${s.id}` : s.kind === 'share' ? `share:${s.token}` : 'preview';

export function fetchPoints(
  source: ScreenDataSource,
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<ScreenPointsAnswer> {
  if (source.kind === 'screen')
    return api.get(`/custom-screen/${source.id}/points`, {}, { signal, notify: false });
  if (source.kind === 'share')
    return api.get(`/screen-share/${encodeURIComponent(source.token)}/points`, {}, { signal, notify: false });
  if (ids.length === 0) return Promise.resolve({ points: [] });
  return api.post('/custom-screen/preview/points', { points: ids }, { signal, notify: false });
}

export function fetchSourceData(
  source: ScreenDataSource,
  widgetId: string,
  data: ScreenSource,
  signal?: AbortSignal,
): Promise<ScreenSourceData> {
  if (source.kind === 'screen')
    return api.get(`/custom-screen/${source.id}/data`, { widget: widgetId }, { signal, notify: false });
  if (source.kind === 'share')
    return api.get(
      `/screen-share/${encodeURIComponent(source.token)}/data`,
      { widget: widgetId },
      { signal, notify: false },
    );
  return api.post('/custom-screen/preview/data', data, { signal, notify: false });
}

/** Charts and numbers re-read their window this often (rollups change slowly). */
export const SOURCE_REFETCH_MS = 10_000;

/** Alarm lists re-read this often. */
export const ALARMS_REFETCH_MS = 5000;

export function fetchAlarms(
  source: ScreenDataSource,
  widgetId: string,
  body: { devices: number[]; rows: number },
  signal?: AbortSignal,
): Promise<ScreenAlarmsAnswer> {
  if (source.kind === 'screen')
    return api.get(`/custom-screen/${source.id}/alarms`, { widget: widgetId }, { signal, notify: false });
  if (source.kind === 'share')
    return api.get(
      `/screen-share/${encodeURIComponent(source.token)}/alarms`,
      { widget: widgetId },
      { signal, notify: false },
    );
  return api.post('/custom-screen/preview/alarms', body, { signal, notify: false });
}
