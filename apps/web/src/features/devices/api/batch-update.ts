import type { DeviceBatchBody } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export type BatchUpdate = Extract<DeviceBatchBody, { update: unknown }>['update'];

/** POST /device/batch `{ ids, update }`: all or nothing (an id outside the scope changes nothing). */
export function batchUpdateDevices(input: { ids: number[]; update: BatchUpdate }) {
  return api.post<{ updated: number }>('/device/batch', input, { notify: false });
}

export function useBatchUpdateDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchUpdateDevices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
