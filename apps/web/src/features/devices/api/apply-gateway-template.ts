import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

/** POST /device/{id}/slavedevice/batch: build a gateway template's slaves and points on the device. */
export function applyGatewayTemplate(input: {
  deviceId: number;
  templateId: number;
  mode: 'save' | 'update';
}) {
  return api.post<{ slaves: number; points: number }>(`/device/${input.deviceId}/slavedevice/batch`, {
    gateway_temp_id: input.templateId,
    mode: input.mode,
  });
}

export function useApplyGatewayTemplate(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyGatewayTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.detail(deviceId) }),
  });
}
