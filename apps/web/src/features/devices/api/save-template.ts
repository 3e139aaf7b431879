import type { TemplateBody, TemplateRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

/** Create (no id) or update a template; the answer's `outdated_devices` drives the "update N devices" offer. */
export function saveTemplate(input: { id?: number; body: TemplateBody }) {
  return input.id
    ? api.put<TemplateRow>(`/device/template/${input.id}`, input.body, { notify: false })
    : api.post<TemplateRow>('/device/template', input.body, { notify: false });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.templates() }),
  });
}
