import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { clearSession, hasToken } from '../../../shared/session/token';
import { authKeys } from './keys';

/** POST /login/logout (best effort), then clear cookies, the expiry-notice flag and cached user data. */
export async function logout(queryClient?: QueryClient): Promise<void> {
  try {
    if (hasToken()) await api.post<null>('/login/logout', undefined, { notify: false });
  } catch {
    // The session is dropped locally whatever the server says.
  } finally {
    clearSession();
    queryClient?.removeQueries({ queryKey: authKeys.all });
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => logout(queryClient) });
}
