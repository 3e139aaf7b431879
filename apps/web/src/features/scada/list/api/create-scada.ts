import type { ScadaCreateBody, ScadaDetail } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { scadaKeys } from './keys';

/** POST /scada: an empty drawing (no document), a template bound to a device template. */
export function createScada(body: ScadaCreateBody) {
  return api.post<ScadaDetail>('/scada', body);
}

export function useCreateScada() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScada,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scadaKeys.lists() }),
  });
}
