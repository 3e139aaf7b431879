import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountKeys } from './keys';

/** Refused with 20000 (text shown by the client) while users still hold the role. */
export function deleteRole(id: number): Promise<null> {
  return api.delete<null>(`/auth/group/${id}`);
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.roles() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.ownedRoles() }),
      ]),
  });
}
