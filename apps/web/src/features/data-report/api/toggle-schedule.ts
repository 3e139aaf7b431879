import type { ReportScheduleRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { reportKeys } from './keys';

/** PUT with only `enabled`: the list's on/off switch. */
export function useToggleSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; enabled: boolean }) =>
      api.put<ReportScheduleRow>(`/dataCenter/reportSchedule/${input.id}`, { enabled: input.enabled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.schedules() }),
  });
}
