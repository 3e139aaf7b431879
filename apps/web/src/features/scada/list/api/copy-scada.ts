import type { ScadaDetail } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { scadaKeys } from './keys';

/** POST /scada/{id}/copy: a new drawing at version 1, named `<name> (copy)` unless a name is given. */
export function copyScada(input: { id: number; name?: string }) {
  return api.post<ScadaDetail>(`/scada/${input.id}/copy`, input.name ? { name: input.name } : {});
}

export function useCopyScada() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyScada,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scadaKeys.lists() }),
  });
}
