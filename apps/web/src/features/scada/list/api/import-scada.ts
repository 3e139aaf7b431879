import { type ScadaDetail, type ScadaImportBody, scadaImportBody } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { scadaKeys } from './keys';

/** Why a chosen file cannot be imported before anything is sent. */
export type ImportFileProblem = 'notJson' | 'notScada';

/** Reads a `.scada.json` file: the export format (any document; the server validates it). */
export function parseImportFile(
  text: string,
): { ok: true; file: ScadaImportBody } | { ok: false; problem: ImportFileProblem } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'notJson' };
  }
  const parsed = scadaImportBody.safeParse(json);
  return parsed.success ? { ok: true, file: parsed.data } : { ok: false, problem: 'notScada' };
}

/** POST /scada/import: errors are shown by the import dialog (notify: false). */
export function importScada(body: ScadaImportBody) {
  return api.post<ScadaDetail>('/scada/import', body, { notify: false, timeoutMs: 60_000 });
}

export function useImportScada() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importScada,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scadaKeys.lists() }),
  });
}
