import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export interface TemplateDeviceRow {
  id: number;
  device_title: string;
  device_imei: string;
  template_version: number | null;
  outdated: boolean;
}

/** GET /device/template/{id}/devices: devices in scope built from the template. */
export function listTemplateDevices(templateId: number, signal?: AbortSignal) {
  return api.get<TemplateDeviceRow[]>(`/device/template/${templateId}/devices`, undefined, { signal });
}

export function useTemplateDevices(templateId: number | undefined) {
  return useQuery({
    queryKey: [...deviceKeys.templates(), 'devices', templateId],
    queryFn: ({ signal }) => listTemplateDevices(templateId ?? 0, signal),
    enabled: templateId !== undefined,
  });
}

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
