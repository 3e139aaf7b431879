import type { OtaSignalReport } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaGatewayKeys } from './keys';

/** GET /ota/gateways/{id}/signal: the csq answers of the last 7 days. */
export function useGatewaySignal(id: number | undefined) {
  return useQuery({
    queryKey: otaGatewayKeys.signal(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<OtaSignalReport>(`/ota/gateways/${id}/signal`, undefined, { signal, notify: false }),
    enabled: id !== undefined,
    retry: false,
  });
}
