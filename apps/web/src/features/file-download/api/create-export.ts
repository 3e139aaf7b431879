import type { ExportCreateBody, ExportJobRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { fileDownloadKeys } from './keys';

/**
 * POST /dataCenter/export: queues an export job (permission ExportFile). Errors are shown by the caller
 * through notifyError (20000, e.g. too many running jobs, shows the server's text).
 */
export function createExport(body: ExportCreateBody) {
  return api.post<ExportJobRow>('/dataCenter/export', body, { notify: false });
}

export function useCreateExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileDownloadKeys.lists() }),
  });
}
