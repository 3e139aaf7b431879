import { type AlarmLogRow, alarmLogRow, type LiveEvent, type OnofflineLogRow } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useAlarmFeed } from '../api/alarm-feed';
import { alarmKeys } from '../api/keys';
import { useOnlineFeed } from '../api/online-feed';
import {
  addLive,
  alarmKey,
  emptyLiveFeed,
  isUnread,
  type LiveFeed,
  mergeFeed,
  type NoticeFeed,
  onlineKey,
  onlineRowOfLive,
} from './notice-feed';
import { useNoticeSettings } from './notice-store';

export interface Notices<T, E> {
  enabled: boolean;
  feed: NoticeFeed<T>;
  loading: boolean;
  error: unknown;
  refetch: () => void;
  /** Hand a live event of this kind in (LiveListener does while the switch is on). */
  onLive: (event: E) => void;
}

const EMPTY = { items: [], count: 0 };

/**
 * Live rows belong to one "epoch" (last read time + switch): marking all read or switching off starts
 * a new epoch, which drops them without an effect.
 */
function useLiveRows<T>(epoch: string) {
  const [state, setState] = useState<{ epoch: string; feed: LiveFeed<T> }>(() => ({
    epoch,
    feed: emptyLiveFeed<T>(),
  }));
  const live = useMemo(() => (state.epoch === epoch ? state.feed : emptyLiveFeed<T>()), [state, epoch]);
  const add = useCallback(
    (row: T, keyOf: (row: T) => string) =>
      setState((prev) => ({
        epoch,
        feed: addLive(prev.epoch === epoch ? prev.feed : emptyLiveFeed<T>(), row, keyOf),
      })),
    [epoch],
  );
  return { live, add };
}

/** The popover's alarm list: loaded since the last read time, plus AL pushes while the switch is on. */
export function useAlarmNotices(): Notices<AlarmLogRow, Extract<LiveEvent, { type: 'AL' }>> {
  const since = useNoticeSettings((s) => s.lastReadAt);
  const enabled = useNoticeSettings((s) => s.alarmEnabled);
  const queryClient = useQueryClient();
  const query = useAlarmFeed(since, enabled);
  const { live, add } = useLiveRows<AlarmLogRow>(`${since}:${enabled}`);
  const onLive = useCallback(
    (event: Extract<LiveEvent, { type: 'AL' }>) => {
      const parsed = alarmLogRow.safeParse(event.data);
      // A push of another shape still means "something new": reload the list instead.
      if (!parsed.success) {
        void queryClient.invalidateQueries(
          { queryKey: alarmKeys.feed('alarm', since) },
          { cancelRefetch: false },
        );
        return;
      }
      if (isUnread(parsed.data.at, since)) add(parsed.data, alarmKey);
    },
    [add, since, queryClient],
  );
  const feed = useMemo(
    () => (enabled ? mergeFeed(query.data, live, alarmKey) : EMPTY),
    [enabled, query.data, live],
  );
  return {
    enabled,
    feed,
    loading: enabled && query.isPending,
    error: enabled ? query.error : null,
    refetch: () => void query.refetch(),
    onLive,
  };
}

/** The popover's online/offline list: loaded since the last read time, plus OL pushes. */
export function useOnlineNotices(): Notices<OnofflineLogRow, Extract<LiveEvent, { type: 'OL' }>> {
  const since = useNoticeSettings((s) => s.lastReadAt);
  const enabled = useNoticeSettings((s) => s.onlineEnabled);
  const query = useOnlineFeed(since, enabled);
  const { live, add } = useLiveRows<OnofflineLogRow>(`${since}:${enabled}`);
  // Titles of devices already listed, for pushes (which carry only the device id).
  const known = useRef(new Map<number, { title: string; imei: string }>());
  for (const row of query.data?.rows ?? []) {
    known.current.set(row.device_id, { title: row.device_title, imei: row.device_imei });
  }
  const onLive = useCallback(
    (event: Extract<LiveEvent, { type: 'OL' }>) => {
      if (!isUnread(event.data.at, since)) return;
      add(
        onlineRowOfLive(event.deviceId, event.data, (id) => known.current.get(id)),
        onlineKey,
      );
    },
    [add, since],
  );
  const feed = useMemo(
    () => (enabled ? mergeFeed(query.data, live, onlineKey) : EMPTY),
    [enabled, query.data, live],
  );
  return {
    enabled,
    feed,
    loading: enabled && query.isPending,
    error: enabled ? query.error : null,
    refetch: () => void query.refetch(),
    onLive,
  };
}
