import type { TriggerRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
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
