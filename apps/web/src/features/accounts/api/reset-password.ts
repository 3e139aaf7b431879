import { useMutation } from '@tanstack/react-query';
import { transformPassword } from '../../../shared/session/password';
import type { UserRow } from './types';
import { updateUser } from './update-user';

/** Reset password: PUT with only `password`, transformed like every password (SPEC 5). */
export function resetPassword(id: number, clear: string): Promise<UserRow> {
  return updateUser(id, { password: transformPassword(clear) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => resetPassword(id, password),
  });
}
