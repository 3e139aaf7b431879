import type { Language } from '@fleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../shared/api/download';
import type { AlarmLogParams } from '../lib/alarm-filters';

/**
 * GET /event/alarmlog/export: the xlsx of the current filter, saved under the server's file name.
 * `truncated`: the server cut the file at its row limit (X-Truncated: 1).
 */
export async function exportAlarms(query: AlarmLogParams & { lang: Language; tz: string }) {
  const { headers } = await downloadFile('/event/alarmlog/export', { ...query });
  return { truncated: headers.get('x-truncated') === '1' };
}

export function useExportAlarms() {
  return useMutation({ mutationFn: exportAlarms });
}
