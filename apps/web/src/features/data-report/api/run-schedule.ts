import type { ExportJobRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { fileDownloadKeys } from '../../file-download/api/keys';
import { reportKeys } from './keys';

/** POST .../{id}/run: builds the last complete period now (a `report` export job). */
export function useRunSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<ExportJobRow>(`/dataCenter/reportSchedule/${id}/run`, undefined, { notify: false }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.schedules() }),
        queryClient.invalidateQueries({ queryKey: fileDownloadKeys.lists() }),
      ]),
  });
}
