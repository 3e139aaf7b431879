import type { LoginResult } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { saveSession } from '../../../shared/session/token';
import { authKeys } from './keys';

/** POST /login/phone with the code sent by SMS; stores the session on success. */
export async function phoneLogin(input: { phone: string; code: string }): Promise<LoginResult> {
  const result = await api.post<LoginResult>(
    '/login/phone',
    { phone: input.phone.trim(), code: input.code.trim() },
    { notify: false },
  );
  saveSession(result);
  return result;
}

export function usePhoneLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: phoneLogin,
    onSuccess: () => queryClient.removeQueries({ queryKey: authKeys.all }),
  });
}
