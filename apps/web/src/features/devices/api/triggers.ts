import type { ContactRow, OptionEntry, TriggerInput, TriggerRow, TriggerUpdate } from '@fleet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

/** docs/api-alarms.md "Trigger API": the triggers of one device, offline first, then by point. */
export function listTriggers(deviceId: number, signal?: AbortSignal) {
  return api.get<TriggerRow[]>('/trigger', { device_id: deviceId }, { signal });
}

export function useTriggers(deviceId: number) {
  return useQuery({
    queryKey: deviceKeys.triggers(deviceId),
    queryFn: ({ signal }) => listTriggers(deviceId, signal),
  });
}

export type SaveTriggerArgs = { id: number; body: TriggerUpdate } | { id?: undefined; body: TriggerInput };

export function saveTrigger(args: SaveTriggerArgs) {
  return args.id === undefined
    ? api.post<TriggerRow>('/trigger', args.body)
    : api.put<TriggerRow>(`/trigger/${args.id}`, args.body);
}

/** Creating or enabling a point trigger switches the point's trigger_enable on: the points are re-read too. */
function useInvalidateTriggers(deviceId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: deviceKeys.triggers(deviceId) }),
      queryClient.invalidateQueries({ queryKey: deviceKeys.points(deviceId) }),
    ]);
}

export function useSaveTrigger(deviceId: number) {
  const invalidate = useInvalidateTriggers(deviceId);
  return useMutation({ mutationFn: saveTrigger, onSuccess: invalidate });
}

export function useDeleteTrigger(deviceId: number) {
  const invalidate = useInvalidateTriggers(deviceId);
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/trigger/${id}`),
    onSuccess: invalidate,
  });
}

/**
 * Contacts for the picker (first 100). Quiet: without TriggerContact/index the answer is forbidden and
 * the drawer hides the picker.
 */
export function useTriggerContacts(enabled: boolean) {
  return useQuery({
    queryKey: deviceKeys.triggerContacts(),
    queryFn: ({ signal }) =>
      api.get<{ rows: ContactRow[]; total: number }>(
        '/trigger/contact',
        { page: 1, limit: 100 },
        { signal, notify: false },
      ),
    enabled,
    retry: false,
  });
}

/** GET /option?name=alarm_levels: the levels a trigger picks from, with their tag colours. */
export function useAlarmLevelOptions() {
  return useQuery({
    queryKey: deviceKeys.alarmLevels(),
    queryFn: ({ signal }) =>
      api.get<OptionEntry[]>('/option', { name: 'alarm_levels' }, { signal, notify: false }),
    staleTime: 5 * 60_000,
  });
}
