import type { AlarmLogRow, LiveOnline, OnofflineLogRow } from '@fleet/contracts';

/** SPEC 9: the notification lists show 20 rows; the badge caps at 999 ("999+"). */
export const NOTICE_PAGE_SIZE = 20;
export const NOTICE_BADGE_MAX = 999;

/** Live events received since the list was loaded: the newest few rows and every key seen. */
export interface LiveFeed<T> {
  items: T[];
  keys: ReadonlySet<string>;
}

export function emptyLiveFeed<T>(): LiveFeed<T> {
  return { items: [], keys: new Set() };
}

/** What the popover shows for one kind: the newest rows and the unread count. */
export interface NoticeFeed<T> {
  items: T[];
  count: number;
}

/**
 * Adds a live event in front unless its key was already seen (the same alarm pushed twice, or by
 * two instances). Keeps NOTICE_PAGE_SIZE rows but remembers every key, so the count stays right.
 */
export function addLive<T>(feed: LiveFeed<T>, item: T, keyOf: (row: T) => string): LiveFeed<T> {
  const key = keyOf(item);
  if (feed.keys.has(key)) return feed;
  const keys = new Set(feed.keys);
  keys.add(key);
  return { items: [item, ...feed.items].slice(0, NOTICE_PAGE_SIZE), keys };
}

/**
 * The loaded page (newest first, `total` unread on the server) merged with live arrivals: newest
 * first (a push may repeat an older row the page already holds), rows both sources have only once
 * (the server's copy), at most NOTICE_PAGE_SIZE; the count adds the arrivals the server answer did
 * not already hold.
 */
export function mergeFeed<T extends { at: string }>(
  server: { rows: readonly T[]; total: number } | undefined,
  live: LiveFeed<T>,
  keyOf: (row: T) => string,
): NoticeFeed<T> {
  const serverRows = server?.rows ?? [];
  const serverByKey = new Map(serverRows.map((row) => [keyOf(row), row]));
  const byKey = new Map<string, T>();
  for (const row of [...live.items, ...serverRows]) {
    const key = keyOf(row);
    // The server's copy is the fuller one (a pushed online event lacks the device title).
    if (!byKey.has(key)) byKey.set(key, serverByKey.get(key) ?? row);
  }
  const time = (row: T) => Date.parse(row.at) || 0;
  // Array sort is stable: rows of the same instant keep live-before-server order.
  const items = [...byKey.values()].sort((a, b) => time(b) - time(a)).slice(0, NOTICE_PAGE_SIZE);
  let fresh = 0;
  for (const key of live.keys) if (!serverByKey.has(key)) fresh++;
  return { items, count: (server?.total ?? 0) + fresh };
}

/** Alarm rows are unique by id. */
export const alarmKey = (row: Pick<AlarmLogRow, 'id'>) => `a${row.id}`;

/**
 * A live OL carries no row id: device, state and time identify the event in the log as well
 * (times compared as instants, whatever their ISO spelling).
 */
export const onlineKey = (row: Pick<OnofflineLogRow, 'device_id' | 'status' | 'at'>) =>
  `${row.device_id}:${row.status}:${Date.parse(row.at)}`;

/** Is the event at or after the last read time? Older pushes (a late delivery) are not unread. */
export function isUnread(at: string, since: number): boolean {
  const time = Date.parse(at);
  return Number.isFinite(time) && time >= since;
}

/**
 * A live OL as a log row. The push names only the device id; its title comes from rows already
 * known (`titleOf`), else stays empty and the list shows the id.
 */
export function onlineRowOfLive(
  deviceId: number,
  data: LiveOnline,
  titleOf: (deviceId: number) => { title: string; imei: string } | undefined,
): OnofflineLogRow {
  const known = titleOf(deviceId);
  return {
    // Not known to the client yet; lists key these rows by onlineKey.
    id: 0,
    device_id: deviceId,
    device_title: known?.title ?? '',
    device_imei: known?.imei ?? '',
    status: data.status,
    via: data.via,
    reason: data.reason,
    remote_address: '',
    at: data.at,
  };
}
