import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { transformPassword } from '../../../shared/session/password';
import { accountKeys } from './keys';
import type { UserRow, UserUpdate } from './types';

export function updateUser(id: number, body: UserUpdate): Promise<UserRow> {
  return api.put<UserRow>(`/auth/user/${id}`, body);
}

/** Reset password: PUT with only `password`, transformed like every password (SPEC 5). */
export function resetPassword(id: number, clear: string): Promise<UserRow> {
  return updateUser(id, { password: transformPassword(clear) });
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

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => resetPassword(id, password),
  });
}
