import type { LoginResult } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { saveSession } from '../../../shared/session/token';
import { authKeys } from './keys';

export async function demoLogin(): Promise<LoginResult> {
  const result = await api.post<LoginResult>('/login/demo', undefined, { notify: false });
  saveSession(result);
  return result;
}

export function useDemoLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: demoLogin,
    onSuccess: () => queryClient.removeQueries({ queryKey: authKeys.all }),
  });
}
