import type { NoticeChannel, NoticeRow, NoticeStatus } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { alarmKeys } from './keys';

export interface NoticeListParams {
  page: number;
  limit: number;
  status?: NoticeStatus;
  channel?: NoticeChannel;
  contact_id?: number;
  /** ISO 8601 (shared/time/time-range rangeQuery). */
  starttime?: string;
  endtime?: string;
}

/** GET /trigger/notice: the notice log, newest first. */
export function listNotices(query: NoticeListParams, signal?: AbortSignal) {
  return api.get<{ rows: NoticeRow[]; total: number }>(
    '/trigger/notice',
    { ...query },
    { signal, notify: false },
  );
}

/** Polls every 5 s while shown: queued notices move to sent / failed in the background. */
export function useNotices(query: NoticeListParams) {
  return useQuery({
    queryKey: alarmKeys.noticeList(query),
    queryFn: ({ signal }) => listNotices(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
    retry: false,
  });
}
