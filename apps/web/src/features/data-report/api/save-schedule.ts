import type { ReportScheduleInput, ReportScheduleRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { reportKeys } from './keys';

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
