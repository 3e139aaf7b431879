import type { TriggerInput, TriggerRow, TriggerUpdate } from '@fleet/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export type SaveTriggerArgs = { id: number; body: TriggerUpdate } | { id?: undefined; body: TriggerInput };

export function saveTrigger(args: SaveTriggerArgs) {
  return args.id === undefined
    ? api.post<TriggerRow>('/trigger', args.body)
    : api.put<TriggerRow>(`/trigger/${args.id}`, args.body);
}

/** Creating or enabling a point trigger switches the point's trigger_enable on: the points are re-read too. */
export function invalidateTriggers(queryClient: QueryClient, deviceId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: deviceKeys.triggers(deviceId) }),
    queryClient.invalidateQueries({ queryKey: deviceKeys.points(deviceId) }),
  ]);
}

export function useSaveTrigger(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTrigger, onSuccess: () => invalidateTriggers(queryClient, deviceId) });
}
