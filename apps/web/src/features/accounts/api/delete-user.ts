import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountKeys } from './keys';

/** The server refuses (20000, its text shown by the client) while the user has users below it. */
export function deleteUser(id: number): Promise<null> {
  return api.delete<null>(`/auth/user/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.users() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.roles() }),
      ]),
  });
}
