import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountKeys } from './keys';
import type { Role, RoleBody } from './types';

export function createRole(body: RoleBody): Promise<Role> {
  return api.post<Role>('/auth/group', body);
}

export function updateRole(id: number, body: Partial<RoleBody>): Promise<Role> {
  return api.put<Role>(`/auth/group/${id}`, body);
}

/** Create (no id) or edit a role; the roles list and the roles offered in the user form are refreshed. */
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: RoleBody }) =>
      id === undefined ? createRole(body) : updateRole(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.roles() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.ownedRoles() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.users() }),
      ]),
  });
}
