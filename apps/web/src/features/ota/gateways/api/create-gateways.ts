import type { OtaGatewayCreateBody, OtaGatewayCreateResult } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaGatewayKeys } from './keys';

/**
 * POST /ota/gateways: several IMEIs, one per line; all or nothing. A bad line answers 10002 with
 * `data.failed` (row, value, reason_key), which the drawer shows itself (no toast).
 */
export function createOtaGateways(body: OtaGatewayCreateBody) {
  return api.post<OtaGatewayCreateResult>('/ota/gateways', body, { notify: false });
}

export function useCreateOtaGateways() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOtaGateways,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: otaGatewayKeys.lists() }),
  });
}
