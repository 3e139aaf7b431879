import type { ListResult, PlanRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../shared/api/client';

/** Maintenance plans and figures (docs/maintenance.md "Maintenance plans", "Figures"). */
export const planKeys = {
  all: ['maintenance-plans'] as const,
  lists: () => [...planKeys.all, 'list'] as const,
  list: (query: object) => [...planKeys.lists(), query] as const,
  detail: (id: number) => [...planKeys.all, 'detail', id] as const,
  preview: (body: object) => [...planKeys.all, 'preview', body] as const,
  points: (deviceId: number) => [...planKeys.all, 'points', deviceId] as const,
  assignees: () => [...planKeys.all, 'assignees'] as const,
  stats: (query: object) => ['maintenance-stats', query] as const,
};

export function usePlans(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: planKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<ListResult<PlanRow>>('/maintenance/plan', query, { signal, notify: false }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
