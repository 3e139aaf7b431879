import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountKeys } from './keys';
import type { UserCreate, UserRow } from './types';

export function createUser(body: UserCreate): Promise<UserRow> {
  return api.post<UserRow>('/auth/user', body);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // Role user counts change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.users() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.roles() }),
      ]),
  });
}
