import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { transformPassword } from '../../../shared/session/password';
import { profileKeys } from './keys';

export function changePassword(oldClear: string, newClear: string): Promise<null> {
  return api.put<null>('/auth/user/me/password', {
    old_password: transformPassword(oldClear),
    new_password: transformPassword(newClear),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) =>
      changePassword(oldPassword, newPassword),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.me() }),
  });
}
