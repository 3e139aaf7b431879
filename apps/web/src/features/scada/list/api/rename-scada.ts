import type { ScadaDetail } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { scadaKeys } from './keys';

/**
 * PUT /scada/{id} with a name only: needs no version and makes none, so an editor holding the drawing
 * open can still save. Sending the version the list showed also catches a rename of a stale row (20000).
 */
export function renameScada(input: { id: number; name: string; version?: number }) {
  return api.put<ScadaDetail>(`/scada/${input.id}`, {
    name: input.name,
    ...(input.version === undefined ? {} : { version: input.version }),
  });
}

export function useRenameScada() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameScada,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scadaKeys.lists() }),
  });
}
