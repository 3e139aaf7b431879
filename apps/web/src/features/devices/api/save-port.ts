import type { PortBody, PortRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

/** POST / PUT /device/{id}/port[/{portId}]; the ports list is part of the device detail answer. */
export function savePort(input: { deviceId: number; portId?: number; body: PortBody }) {
  const base = `/device/${input.deviceId}/port`;
  return input.portId
    ? api.put<PortRow>(`${base}/${input.portId}`, input.body, { notify: false })
    : api.post<PortRow>(base, input.body, { notify: false });
}

export function useSavePort(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePort,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.detail(deviceId) }),
  });
}
