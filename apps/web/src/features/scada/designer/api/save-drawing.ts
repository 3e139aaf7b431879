import type { ScadaDetail } from '@fleet/contracts';
import type { ScadaDocument } from '@fleet/scada-model';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { scadaKeys } from '../../list/api/keys';
import { scadaRuntimeKeys } from '../../runtime/api';

export interface SaveInput {
  id: number;
  document: ScadaDocument;
  /** The version the editor loaded: a newer save answers 20000 `scada.staleVersion`. */
  version: number;
  thumbnail?: string;
}

/** PUT /scada/{id} with the document, its loaded version and a fresh thumbnail. Errors are the caller's to show. */
export function saveDrawing(input: SaveInput) {
  return api.put<ScadaDetail>(
    `/scada/${input.id}`,
    {
      document: input.document,
      version: input.version,
      ...(input.thumbnail ? { thumbnail: input.thumbnail } : {}),
    },
    { notify: false },
  );
}

export function useSaveDrawing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDrawing,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scadaKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: scadaRuntimeKeys.all });
    },
  });
}
