import { useQuery } from '@tanstack/react-query';
import { NOTICE_PAGE_SIZE } from '../lib/notice-feed';
import { alarmKeys } from './keys';
import { listAlarms } from './list-alarms';

/** The popover's unread alarms: the 20 newest since the last read time, and how many there are. */
export function useAlarmFeed(since: number, enabled: boolean) {
  return useQuery({
    queryKey: alarmKeys.feed('alarm', since),
    queryFn: ({ signal }) =>
      listAlarms({ page: 1, limit: NOTICE_PAGE_SIZE, starttime: new Date(since).toISOString() }, signal),
    enabled,
    retry: false,
  });
}
