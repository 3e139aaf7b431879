import type { OtaSimImportBody, OtaSimImportResult } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaSimKeys } from './keys';

/** POST /ota/sims/import: all or nothing; bad items in `data.failed` (shown by the modal, no toast). */
export function useImportOtaSims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OtaSimImportBody) =>
      api.post<OtaSimImportResult>('/ota/sims/import', body, { notify: false }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: otaSimKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: ['ota-gateways'] }),
      ]),
  });
}
