import type { OtaSimCarrier, OtaSimRow, OtaSimStatus } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../../shared/api/client';
import { otaSimKeys } from './keys';

export interface OtaSimListParams {
  page: number;
  limit: number;
  search: string;
  carrier?: OtaSimCarrier;
  status?: OtaSimStatus;
  /** expired: before today; soon: today or within 30 days. */
  expiry?: 'expired' | 'soon';
}

/** GET /ota/sims (docs/api-ota.md): newest first, each card with the IMEIs of its gateways. */
export function useOtaSims(query: OtaSimListParams) {
  return useQuery({
    queryKey: otaSimKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<{ rows: OtaSimRow[]; total: number }>('/ota/sims', { ...query } as Record<string, QueryValue>, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
