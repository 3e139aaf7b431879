import type { SharedScreen } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { customScreenKeys } from './custom-screens';

export function useSharedScreen(token: string) {
  return useQuery({
    queryKey: customScreenKeys.shared(token),
    queryFn: ({ signal }) =>
      api.get<SharedScreen>(`/screen-share/${encodeURIComponent(token)}`, {}, { signal, notify: false }),
    // A changed screen shows on the wall within a minute.
    refetchInterval: 60_000,
    retry: false,
  });
}
