import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

/** POST /device/template/{id}/apply: rebuild the template on the devices (one transaction). */
export function applyTemplate(input: { templateId: number; deviceIds: number[] }) {
  return api.post<{ devices: number; slaves: number; points: number }>(
    `/device/template/${input.templateId}/apply`,
    { device_ids: input.deviceIds },
  );
}

export function useApplyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyTemplate,
    // Devices change (slaves, points, template version) and so does the template's outdated count.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
