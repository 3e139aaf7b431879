import type { ExportJobRow, ReportScheduleInput, ReportScheduleRow } from '@fleet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { fileDownloadKeys } from '../../file-download/api/keys';
import { reportKeys } from './keys';

export interface ScheduleListParams {
  page: number;
  limit: number;
}

/** GET /dataCenter/reportSchedule: the caller's own scheduled reports. */
export function listSchedules(query: ScheduleListParams, signal?: AbortSignal) {
  return api.get<{ rows: ReportScheduleRow[]; total: number }>(
    '/dataCenter/reportSchedule',
    { ...query },
    { signal, notify: false },
  );
}

export function useSchedules(query: ScheduleListParams) {
  return useQuery({
    queryKey: reportKeys.scheduleList(query),
    queryFn: ({ signal }) => listSchedules(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /dataCenter/reportSchedule, or PUT .../{id}; 10002 answers are shown by the drawer. */
export function saveSchedule(input: { id?: number; body: ReportScheduleInput }) {
  return input.id
    ? api.put<ReportScheduleRow>(`/dataCenter/reportSchedule/${input.id}`, input.body, { notify: false })
    : api.post<ReportScheduleRow>('/dataCenter/reportSchedule', input.body, { notify: false });
}

export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.schedules() }),
  });
}

/** PUT with only `enabled`: the list's on/off switch. */
export function useToggleSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; enabled: boolean }) =>
      api.put<ReportScheduleRow>(`/dataCenter/reportSchedule/${input.id}`, { enabled: input.enabled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.schedules() }),
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/dataCenter/reportSchedule/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.schedules() }),
  });
}

/** POST .../{id}/run: builds the last complete period now (a `report` export job). */
export function useRunSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<ExportJobRow>(`/dataCenter/reportSchedule/${id}/run`, undefined, { notify: false }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.schedules() }),
        queryClient.invalidateQueries({ queryKey: fileDownloadKeys.lists() }),
      ]),
  });
}
