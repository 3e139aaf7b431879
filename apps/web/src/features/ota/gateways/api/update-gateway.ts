import type { OtaGatewayRow, OtaGatewayUpdateBody } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaGatewayKeys } from './keys';

/** PUT /ota/gateways/{id}: any field but the IMEI (null clears a nullable one). Also links a SIM (iccid). */
export function updateOtaGateway({ id, body }: { id: number; body: OtaGatewayUpdateBody }) {
  return api.put<OtaGatewayRow>(`/ota/gateways/${id}`, body, { notify: false });
}

export function useUpdateOtaGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOtaGateway,
    // The SIM list shows each card's gateways: a new ICCID changes it too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: otaGatewayKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: ['ota-sims'] }),
      ]),
  });
}
