import type {
  ListResult,
  MaintenanceStats,
  PlanBody,
  PlanDetail,
  PlanPointOption,
  PlanPreview,
  PlanPreviewBody,
  PlanRow,
  PlanUserEvent,
  WorkOrderAssignee,
} from '@fleet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function usePlan(id: number | null) {
  return useQuery({
    queryKey: planKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<PlanDetail>(`/maintenance/plan/${id}`, undefined, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** The next occurrences of the calendar being edited (null while the form is incomplete). */
export function usePlanPreview(body: PlanPreviewBody | null) {
  return useQuery({
    queryKey: planKeys.preview(body ?? {}),
    queryFn: () => api.post<PlanPreview>('/maintenance/plan/preview', body, { notify: false }),
    enabled: body !== null,
    retry: false,
    staleTime: 60_000,
  });
}

export function usePlanPoints(deviceId: number | null) {
  return useQuery({
    queryKey: planKeys.points(deviceId ?? 0),
    queryFn: ({ signal }) =>
      api.get<PlanPointOption[]>(
        '/maintenance/plan/points',
        { device_id: deviceId ?? 0 },
        { signal, notify: false },
      ),
    enabled: deviceId !== null,
    retry: false,
  });
}

export function usePlanAssignees(enabled: boolean) {
  return useQuery({
    queryKey: planKeys.assignees(),
    queryFn: ({ signal }) =>
      api.get<WorkOrderAssignee[]>('/maintenance/plan/assignees', undefined, { signal, notify: false }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (detail?: PlanDetail) => {
    if (detail) queryClient.setQueryData(planKeys.detail(detail.id), detail);
    return queryClient.invalidateQueries({ queryKey: planKeys.lists() });
  };
}

export function useSavePlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PlanBody }) =>
      id === null
        ? api.post<PlanDetail>('/maintenance/plan', body)
        : api.put<PlanDetail>(`/maintenance/plan/${id}`, body),
    onSuccess: (detail) => refresh(detail),
  });
}

export function usePlanAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, event }: { id: number; event: PlanUserEvent }) =>
      api.post<PlanDetail>(`/maintenance/plan/${id}/${event}`, {}),
    onSuccess: (detail) => refresh(detail),
  });
}

export function useDeletePlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/maintenance/plan/${id}`),
    onSuccess: () => refresh(),
  });
}

export function useMaintenanceStats(query: { days: number }) {
  return useQuery({
    queryKey: planKeys.stats(query),
    queryFn: ({ signal }) =>
      api.get<MaintenanceStats>('/maintenance/stats', query, { signal, notify: false }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
