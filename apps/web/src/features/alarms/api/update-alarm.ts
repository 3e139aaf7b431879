import type { AlarmLogRow, AlarmLogUpdate } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { alarmKeys } from './keys';

/** PUT /event/alarmlog/{id}: status (handled / false alarm), dispatch status or remark. */
export function updateAlarm(input: { id: number; body: AlarmLogUpdate }) {
  return api.put<AlarmLogRow>(`/event/alarmlog/${input.id}`, input.body);
}

/** Refreshes the log and the popover's alarm list (a handled alarm shows its new status there too). */
export function useUpdateAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlarm,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alarmKeys.logs() }),
        queryClient.invalidateQueries({ queryKey: alarmKeys.feeds() }),
      ]),
  });
}
