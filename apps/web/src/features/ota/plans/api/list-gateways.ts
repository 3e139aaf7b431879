import type { OtaGatewayRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaPlanKeys } from './keys';

/** GET /ota/gateways: the gateways a plan can target (first 100 matching the search). */
export function usePlanGateways(search: string, enabled: boolean) {
  return useQuery({
    queryKey: otaPlanKeys.gateways(search),
    queryFn: ({ signal }) =>
      api.get<{ rows: OtaGatewayRow[]; total: number }>(
        '/ota/gateways',
        { page: 1, limit: 100, search: search || undefined },
        { signal, notify: false },
      ),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
