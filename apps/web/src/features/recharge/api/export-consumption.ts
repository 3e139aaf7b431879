import type { Language } from '@fleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../shared/api/download';
import type { ConsumptionParams } from './list-consumption';

/** GET /recharge/consumption/export: the xlsx of the current filter. */
export async function exportConsumption(
  query: Omit<ConsumptionParams, 'page' | 'limit'> & { lang: Language; tz: string },
) {
  const { headers } = await downloadFile('/recharge/consumption/export', { ...query });
  return { truncated: headers.get('x-truncated') === '1' };
}

export function useExportConsumption() {
  return useMutation({ mutationFn: exportConsumption });
}
