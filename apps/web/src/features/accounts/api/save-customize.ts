import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { systemKeys } from '../../system/api/keys';
import { accountKeys } from './keys';
import type { Customize, CustomizeBody } from './types';

export function saveCustomize(id: number | undefined, body: CustomizeBody): Promise<Customize> {
  return id === undefined
    ? api.post<Customize>('/customize', body)
    : api.put<Customize>(`/customize/${id}`, body);
}

/** After a change the list and the cached titles of every domain (navbar, login page) are refreshed. */
export function invalidateCustomize(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: accountKeys.customize() }),
    queryClient.invalidateQueries({ queryKey: [...systemKeys.all, 'customize'] }),
  ]);
}

export function useSaveCustomize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CustomizeBody }) => saveCustomize(id, body),
    onSuccess: () => invalidateCustomize(queryClient),
  });
}
