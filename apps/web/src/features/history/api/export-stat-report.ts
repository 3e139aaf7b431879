import type { Language } from '@fleet/contracts';
import { useMutation } from '@tanstack/react-query';
import type { QueryValue } from '../../../shared/api/client';
import { downloadFile } from '../../../shared/api/download';

/** GET /device/exportStatReport: the xlsx of every row of the filter, saved under the server's name. */
export async function exportStatReport(query: Record<string, QueryValue> & { lang: Language; tz: string }) {
  await downloadFile('/device/exportStatReport', query);
}

export function useExportStatReport() {
  return useMutation({ mutationFn: exportStatReport });
}
