import { useQuery } from '@tanstack/react-query';
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
