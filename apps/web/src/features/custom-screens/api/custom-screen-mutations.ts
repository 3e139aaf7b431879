import type { CustomScreenDetail, CustomScreenShare } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { customScreenKeys } from './custom-screens';

/** Create, update, delete, share and revoke; every one re-reads the lists. */
export function useCustomScreenMutations() {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: customScreenKeys.all });
  const create = useMutation({
    mutationFn: (body: { name: string; document?: unknown }) =>
      api.post<CustomScreenDetail>('/custom-screen', body),
    onSuccess: invalidate,
  });
  const update = useMutation({
    mutationFn: ({
      id,
      notify,
      ...body
    }: {
      id: number;
      name?: string;
      document?: unknown;
      version?: number;
      published?: boolean;
      notify?: boolean;
    }) => api.put<CustomScreenDetail>(`/custom-screen/${id}`, body, { notify: notify ?? true }),
    onSuccess: (row) => {
      queryClient.setQueryData(customScreenKeys.detail(row.id), row);
      void queryClient.invalidateQueries({ queryKey: [...customScreenKeys.all, 'list'] });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<null>(`/custom-screen/${id}`),
    onSuccess: invalidate,
  });
  /** Answers the new link's token: the only time it is shown (the server keeps a hash). */
  const share = useMutation({
    mutationFn: (id: number) => api.post<CustomScreenShare>(`/custom-screen/${id}/share`),
    onSuccess: invalidate,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => api.delete<CustomScreenShare>(`/custom-screen/${id}/share`),
    onSuccess: invalidate,
  });
  return { create, update, remove, share, revoke };
}
