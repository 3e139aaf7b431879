import type { ModelBody, ModelRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { modelKeys } from './keys';

/** Create (no id) or update a model; 10002 answers are shown by the drawer next to the field. */
export function saveModel(input: { id?: number; body: ModelBody }) {
  return input.id
    ? api.put<ModelRow>(`/device/model/${input.id}`, input.body, { notify: false })
    : api.post<ModelRow>('/device/model', input.body, { notify: false });
}

export function useSaveModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveModel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelKeys.all }),
  });
}
