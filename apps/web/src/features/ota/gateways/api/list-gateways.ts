import type { OtaGatewayRow, OtaGatewayType } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../../shared/api/client';
import { otaGatewayKeys } from './keys';

export interface OtaGatewayListParams {
  page: number;
  limit: number;
  search: string;
  type?: OtaGatewayType;
  model?: string;
  project_id?: number;
  firmware_version?: string;
}

/** GET /ota/gateways (docs/api-ota.md): newest first, `{rows, total}`. */
export function listOtaGateways(query: OtaGatewayListParams, signal?: AbortSignal) {
  return api.get<{ rows: OtaGatewayRow[]; total: number }>(
    '/ota/gateways',
    { ...query } as Record<string, QueryValue>,
    { signal },
  );
}

export function useOtaGateways(query: OtaGatewayListParams, enabled = true) {
  return useQuery({
    queryKey: otaGatewayKeys.list(query),
    queryFn: ({ signal }) => listOtaGateways(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
