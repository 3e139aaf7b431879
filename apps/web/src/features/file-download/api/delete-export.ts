import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { fileDownloadKeys } from './keys';

/** DELETE /dataCenter/fileDownload/{id}: cancels a queued/running job and forgets its file. */
export function deleteExport(id: number) {
  return api.delete<null>(`/dataCenter/fileDownload/${id}`);
}

export function useDeleteExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileDownloadKeys.lists() }),
  });
}
