import type { ScadaPublished } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { scadaKeys } from '../../list/api/keys';

/** POST /scada/{id}/publish: one app per chosen device of the template's device template, all or nothing. */
export function publishTemplate(input: { id: number; deviceIds: number[] }) {
  return api.post<ScadaPublished>(
    `/scada/${input.id}/publish`,
    { device_ids: input.deviceIds },
    { notify: false },
  );
}

export function usePublishTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scadaKeys.lists() }),
  });
}
