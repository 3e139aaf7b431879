import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../shared/api/download';

/**
 * GET /dataCenter/fileDownload/{id}/file, saved under the server's file name (Content-Disposition).
 * Exports may be large: the timeout is generous.
 */
export function downloadExport(id: number) {
  return downloadFile(`/dataCenter/fileDownload/${id}/file`, undefined, { timeoutMs: 10 * 60_000 });
}

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}
