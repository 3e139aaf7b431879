import type { OtaSimCreateBody, OtaSimRow, OtaSimUpdateBody } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaSimKeys } from './keys';

export type SaveSimInput =
  | { id: number; body: OtaSimUpdateBody }
  | { id?: undefined; body: OtaSimCreateBody };

/** POST /ota/sims (a taken ICCID is 20000 ota.iccidTaken) or PUT /ota/sims/{id} (all but the ICCID). */
export function saveOtaSim(input: SaveSimInput) {
  if (input.id === undefined) return api.post<OtaSimRow>('/ota/sims', input.body, { notify: false });
  return api.put<OtaSimRow>(`/ota/sims/${input.id}`, input.body, { notify: false });
}

export function useSaveOtaSim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOtaSim,
    // A gateway's SIM status comes from its card.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: otaSimKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: ['ota-gateways'] }),
      ]),
  });
}
