import { MAX_HISTORY_POINTS } from './point-meta';

/** The page's URL state: ?device_id=&point_ids=1,2,3 */
export interface HistoryUrlState {
  deviceId: number | null;
  pointIds: number[];
}

const positiveInt = (v: string | null | undefined): number | null => {
  if (!v) return null;
  const n = Number(v.trim());
  return Number.isInteger(n) && n > 0 ? n : null;
};

export function parseHistoryUrl(params: URLSearchParams): HistoryUrlState {
  const deviceId = positiveInt(params.get('device_id'));
  const ids = (params.get('point_ids') ?? '')
    .split(',')
    .map((p) => positiveInt(p))
    .filter((n): n is number => n !== null);
  return { deviceId, pointIds: [...new Set(ids)].slice(0, MAX_HISTORY_POINTS) };
}

/** The search string of a state (other parameters of `current` are kept). */
export function historyUrl(state: HistoryUrlState, current?: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  if (state.deviceId) next.set('device_id', String(state.deviceId));
  else next.delete('device_id');
  if (state.deviceId && state.pointIds.length > 0) next.set('point_ids', state.pointIds.join(','));
  else next.delete('point_ids');
  return next;
}

/** A time window in epoch ms. */
export interface Window {
  start: number;
  end: number;
}

/** GET /device/history/series query of a window. */
export function seriesQuery(pointIds: readonly number[], window: Window, fn: string, points = 1000) {
  return {
    point_ids: pointIds.join(','),
    starttime: new Date(window.start).toISOString(),
    endtime: new Date(window.end).toISOString(),
    points,
    fn,
  };
}

/** GET /device/history/rows query (the export sends the same without page and limit). */
export function rowsFilter(pointIds: readonly number[], window: Window) {
  return {
    point_ids: pointIds.join(','),
    starttime: new Date(window.start).toISOString(),
    endtime: new Date(window.end).toISOString(),
  };
}

export function rowsQuery(
  pointIds: readonly number[],
  window: Window,
  paging: { page: number; limit: number },
) {
  return { ...rowsFilter(pointIds, window), page: paging.page, limit: paging.limit, order: 'desc' as const };
}
