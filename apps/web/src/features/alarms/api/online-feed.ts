import { useQuery } from '@tanstack/react-query';
import { NOTICE_PAGE_SIZE } from '../lib/notice-feed';
import { alarmKeys } from './keys';
import { listOnOffline } from './list-onoffline';

/** The popover's unread online/offline events: the 20 newest since the last read time, and the count. */
export function useOnlineFeed(since: number, enabled: boolean) {
  return useQuery({
    queryKey: alarmKeys.feed('online', since),
    queryFn: ({ signal }) =>
      listOnOffline({ page: 1, limit: NOTICE_PAGE_SIZE, starttime: new Date(since).toISOString() }, signal),
    enabled,
    retry: false,
  });
}
