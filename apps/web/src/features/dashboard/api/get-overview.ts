import type { OverviewReport } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { dashboardKeys } from './keys';

/** Besides the live events, the figures are refreshed at least this often. */
export const OVERVIEW_REFETCH_MS = 60_000;

/** The browser's IANA zone: "today" and the alarm trend days are the user's days. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function getOverview(tz: string, signal?: AbortSignal): Promise<OverviewReport> {
  return api.get<OverviewReport>('/overview', { tz }, { signal, notify: false });
}

export function useOverview(tz: string) {
  return useQuery({
    queryKey: dashboardKeys.overview(tz),
    queryFn: ({ signal }) => getOverview(tz, signal),
    refetchInterval: OVERVIEW_REFETCH_MS,
    retry: false,
  });
}
