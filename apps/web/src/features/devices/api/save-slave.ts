import type { SlaveBody, SlaveRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export function saveSlave(input: { deviceId: number; sid?: number; body: SlaveBody }) {
  const base = `/device/${input.deviceId}/slavedevice`;
  return input.sid
    ? api.put<SlaveRow>(`${base}/${input.sid}`, input.body, { notify: false })
    : api.post<SlaveRow>(base, input.body, { notify: false });
}

export function useSaveSlave(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSlave,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.detail(deviceId) }),
  });
}
