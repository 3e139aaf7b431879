import type { DeviceCreateBody, DeviceCreated, DeviceRow, DeviceUpdateBody } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

/** Create (no id) or update a device. 10002 answers are shown by the drawer next to the field. */
/** A creation answers the new device's plain credentials (shown once); an update answers the row. */
export function saveDevice(input: {
  id?: number;
  body: DeviceCreateBody | DeviceUpdateBody;
}): Promise<DeviceRow | DeviceCreated> {
  return input.id
    ? api.put<DeviceRow>(`/device/${input.id}`, input.body, { notify: false })
    : api.post<DeviceCreated>('/device', input.body, { notify: false });
}

export function useSaveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
