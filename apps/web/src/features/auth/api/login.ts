import type { LoginBody, LoginResult } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { transformPassword } from '../../../shared/session/password';
import { saveSession } from '../../../shared/session/token';
import { authKeys } from './keys';

/** POST /login/login with an already transformed password; stores the session on success. */
export async function loginWithBody(body: LoginBody): Promise<LoginResult> {
  const result = await api.post<LoginResult>('/login/login', body, { notify: false });
  saveSession(result);
  return result;
}

/** Login from the form: trims the username and transforms the clear password (SPEC 5). */
export function login(username: string, clearPassword: string): Promise<LoginResult> {
  return loginWithBody({ username: username.trim(), password: transformPassword(clearPassword) });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, password }: { username: string; password: string }) => login(username, password),
    onSuccess: () => queryClient.removeQueries({ queryKey: authKeys.all }),
  });
}
