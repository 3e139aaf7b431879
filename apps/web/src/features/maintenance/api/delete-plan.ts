import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useRefresh } from './refresh-plans';

export function useDeletePlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/maintenance/plan/${id}`),
    onSuccess: () => refresh(),
  });
}
