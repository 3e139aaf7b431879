import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { workOrderKeys } from './keys';

/** POST /maintenance/notices/read */
export function markNoticesRead() {
  return api.post<null>('/maintenance/notices/read');
}

export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoticesRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workOrderKeys.notices() }),
  });
}
