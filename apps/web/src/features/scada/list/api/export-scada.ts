import { useMutation } from '@tanstack/react-query';
import { notifyError } from '../../../../shared/api/client';
import { downloadFile } from '../../../../shared/api/download';

/** GET /scada/{id}/export: saves `<name>.scada.json` (POST /scada/import takes it back). */
export function exportScada(id: number) {
  return downloadFile(`/scada/${id}/export`);
}

export function useExportScada() {
  return useMutation({ mutationFn: exportScada, onError: (error) => notifyError(error) });
}
