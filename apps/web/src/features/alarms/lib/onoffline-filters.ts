import type { Dayjs } from 'dayjs';
import { rangeQuery } from '../../../shared/time/time-range';
import type { OnOfflineParams } from '../api/list-onoffline';

export interface OnOfflineFilters {
  range: [Dayjs, Dayjs] | null;
  status: 'all' | 'online' | 'offline';
}

/** GET /device/onofflinelog query of the page's filters (status 1 online, 0 offline). */
export function onOfflineQuery(
  filters: OnOfflineFilters,
  search: string,
  paging: { page: number; limit: number },
): OnOfflineParams {
  const q: OnOfflineParams = { page: paging.page, limit: paging.limit, ...rangeQuery(filters.range) };
  if (filters.status !== 'all') q.status = filters.status === 'online' ? 1 : 0;
  const text = search.trim();
  if (text) q.search = text;
  return q;
}
