import type { NoticeChannels } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { alarmKeys } from './keys';

/** GET /trigger/channels: which channels this server can deliver (e-mail only with SMTP configured). */
export function getChannels(signal?: AbortSignal) {
  return api.get<NoticeChannels>('/trigger/channels', undefined, { signal, notify: false });
}

export function useChannels() {
  return useQuery({
    queryKey: alarmKeys.channels(),
    queryFn: ({ signal }) => getChannels(signal),
    staleTime: 60_000,
    retry: false,
  });
}
