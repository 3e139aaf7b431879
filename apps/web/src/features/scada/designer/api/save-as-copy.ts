import type { ScadaDetail, ScadaKind } from '@fleet/contracts';
import type { ScadaDocument } from '@fleet/scada-model';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { scadaKeys } from '../../list/api/keys';

export interface SaveAsCopyInput {
  kind: ScadaKind;
  name: string;
  template_id: number | null;
  document: ScadaDocument;
}

/** POST /scada: "keep mine as a copy" after a version conflict (a new drawing at version 1). */
export function saveAsCopy(input: SaveAsCopyInput) {
  return api.post<ScadaDetail>(
    '/scada',
    {
      kind: input.kind,
      name: input.name,
      document: input.document,
      ...(input.kind === 'template' && input.template_id !== null ? { template_id: input.template_id } : {}),
    },
    { notify: false },
  );
}

export function useSaveAsCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAsCopy,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scadaKeys.lists() }),
  });
}
