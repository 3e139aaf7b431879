import type { ListResult, UserRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaGatewayKeys } from './keys';

/**
 * Accounts a gateway may be handed to: the users below the caller (GET /auth/user, which needs
 * auth.User), without sub-accounts (they work in their parent's data; the server refuses them).
 */
export function useOtaAssignees(search: string, enabled: boolean) {
  return useQuery({
    queryKey: otaGatewayKeys.assignees(search),
    queryFn: ({ signal }) =>
      api.get<ListResult<UserRow>>(
        '/auth/user',
        { page: 1, limit: 50, search, subuser: 'false' },
        { signal, notify: false },
      ),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}
