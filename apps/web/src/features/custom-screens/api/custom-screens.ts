import type {
  CustomScreenDetail,
  CustomScreenRow,
  ListResult,
  ScreenAlarmsAnswer,
  ScreenPointsAnswer,
  ScreenSource,
  ScreenSourceData,
  SharedScreen,
} from '@fleet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useCustomScreen(id: number) {
  return useQuery({
    queryKey: customScreenKeys.detail(id),
    queryFn: ({ signal }) => api.get<CustomScreenDetail>(`/custom-screen/${id}`, {}, { signal }),
    // The designer keeps its own copy; a background refetch must not replace it.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Create, update, delete, share and revoke; every one re-reads the lists. */
export function useCustomScreenMutations() {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: customScreenKeys.all });
  const create = useMutation({
    mutationFn: (body: { name: string; document?: unknown }) =>
      api.post<CustomScreenDetail>('/custom-screen', body),
    onSuccess: invalidate,
  });
  const update = useMutation({
    mutationFn: ({
      id,
      notify,
      ...body
    }: {
      id: number;
      name?: string;
      document?: unknown;
      version?: number;
      published?: boolean;
      notify?: boolean;
    }) => api.put<CustomScreenDetail>(`/custom-screen/${id}`, body, { notify: notify ?? true }),
    onSuccess: (row) => {
      queryClient.setQueryData(customScreenKeys.detail(row.id), row);
      void queryClient.invalidateQueries({ queryKey: [...customScreenKeys.all, 'list'] });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<null>(`/custom-screen/${id}`),
    onSuccess: invalidate,
  });
  const share = useMutation({
    mutationFn: (id: number) => api.post<{ share_token: string }>(`/custom-screen/${id}/share`),
    onSuccess: invalidate,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => api.delete<{ share_token: null }>(`/custom-screen/${id}/share`),
    onSuccess: invalidate,
  });
  return { create, update, remove, share, revoke };
}

/**
 * Where a screen reads its data: a stored screen (signed in), an external link (no session), or the
 * designer's preview of widgets not saved yet.
 */
export type ScreenDataSource =
  | { kind: 'screen'; id: number }
  | { kind: 'share'; token: string }
  | { kind: 'preview' };

const scopeKey = (s: ScreenDataSource) =>
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

/** Charts and numbers re-read their window this often (rollups change slowly). */
export const SOURCE_REFETCH_MS = 10_000;

export function useSourceData(source: ScreenDataSource, widgetId: string, data: ScreenSource) {
  return useQuery({
    queryKey: customScreenKeys.data(scopeKey(source), `${widgetId}:${JSON.stringify(data)}`),
    queryFn: ({ signal }) => fetchSourceData(source, widgetId, data, signal),
    refetchInterval: SOURCE_REFETCH_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useSharedScreen(token: string) {
  return useQuery({
    queryKey: customScreenKeys.shared(token),
    queryFn: ({ signal }) =>
      api.get<SharedScreen>(`/screen-share/${encodeURIComponent(token)}`, {}, { signal, notify: false }),
    // A changed screen shows on the wall within a minute.
    refetchInterval: 60_000,
    retry: false,
  });
}

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
