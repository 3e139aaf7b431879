import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountKeys } from './keys';
import type { UserRow, UserUpdate } from './types';

export function updateUser(id: number, body: UserUpdate): Promise<UserRow> {
  return api.put<UserRow>(`/auth/user/${id}`, body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserUpdate }) => updateUser(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.users() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.roles() }),
      ]),
  });
}
