import type { AlarmLogRow, OnofflineLogRow } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import {
  addLive,
  alarmKey,
  emptyLiveFeed,
  isUnread,
  mergeFeed,
  NOTICE_PAGE_SIZE,
  onlineKey,
  onlineRowOfLive,
} from './notice-feed';

const alarm = (id: number, over: Partial<AlarmLogRow> = {}) =>
  ({
    id,
    device_title: `d${id}`,
    at: new Date(1_700_000_000_000 + id * 1000).toISOString(),
    ...over,
  }) as AlarmLogRow;

describe('notification lists: live events merged with the loaded page', () => {
  it('prepends live alarms, newest first, and drops a second push of the same alarm', () => {
    let live = emptyLiveFeed<AlarmLogRow>();
    live = addLive(live, alarm(1), alarmKey);
    live = addLive(live, alarm(2), alarmKey);
    const again = addLive(live, alarm(1, { device_title: 'again' }), alarmKey);
    expect(again).toBe(live);
    expect(live.items.map((r) => r.id)).toEqual([2, 1]);
  });

  it('keeps 20 rows but counts every distinct arrival', () => {
    let live = emptyLiveFeed<AlarmLogRow>();
    for (let id = 1; id <= 25; id++) live = addLive(live, alarm(id), alarmKey);
    expect(live.items).toHaveLength(NOTICE_PAGE_SIZE);
    expect(live.items[0]?.id).toBe(25);
    const feed = mergeFeed({ rows: [], total: 0 }, live, alarmKey);
    expect(feed.count).toBe(25);
    expect(feed.items).toHaveLength(NOTICE_PAGE_SIZE);
  });

  it('shows rows both sources hold once (the server copy) and counts only arrivals the server did not know', () => {
    let live = emptyLiveFeed<AlarmLogRow>();
    live = addLive(live, alarm(12, { device_title: 'pushed' }), alarmKey);
    live = addLive(live, alarm(13), alarmKey);
    const server = { rows: [alarm(12, { device_title: 'stored' }), alarm(11), alarm(10)], total: 30 };
    const feed = mergeFeed(server, live, alarmKey);
    expect(feed.items.map((r) => r.id)).toEqual([13, 12, 11, 10]);
    expect(feed.items[1]?.device_title).toBe('stored');
    expect(feed.count).toBe(31);
  });

  it('counts nothing before the page loads but still shows pushes', () => {
    const live = addLive(emptyLiveFeed<AlarmLogRow>(), alarm(3), alarmKey);
    expect(mergeFeed(undefined, live, alarmKey)).toEqual({ items: [alarm(3)], count: 1 });
  });

  it('identifies an online event by device, state and instant, whatever the ISO spelling', () => {
    const pushed = onlineRowOfLive(
      7,
      { status: 0, via: 'mqtt', reason: 'heartbeat', at: '2026-01-01T00:00:00Z' },
      (id) => (id === 7 ? { title: 'Pump', imei: '860' } : undefined),
    );
    expect(pushed).toMatchObject({ device_id: 7, device_title: 'Pump', device_imei: '860', status: 0 });
    const stored = { ...pushed, id: 99, at: '2026-01-01T00:00:00.000Z' } as OnofflineLogRow;
    expect(onlineKey(stored)).toBe(onlineKey(pushed));
    expect(onlineKey({ ...stored, status: 1 })).not.toBe(onlineKey(pushed));

    const live = addLive(emptyLiveFeed<OnofflineLogRow>(), pushed, onlineKey);
    const feed = mergeFeed({ rows: [stored], total: 1 }, live, onlineKey);
    expect(feed).toEqual({ items: [stored], count: 1 });
  });

  it('an unknown device keeps an empty title for the list to fall back on', () => {
    const row = onlineRowOfLive(
      5,
      { status: 1, via: 'dtu', reason: '', at: '2026-01-01T00:00:00Z' },
      () => undefined,
    );
    expect(row.device_title).toBe('');
  });

  it('counts events at or after the last read time as unread', () => {
    const since = Date.parse('2026-01-01T00:00:00Z');
    expect(isUnread('2026-01-01T00:00:00.000Z', since)).toBe(true);
    expect(isUnread('2025-12-31T23:59:59.999Z', since)).toBe(false);
    expect(isUnread('not a time', since)).toBe(false);
  });
});

describe('notification list order', () => {
  it('stays newest first when a push repeats an older row', () => {
    let live = emptyLiveFeed<AlarmLogRow>();
    live = addLive(live, alarm(5), alarmKey);
    live = addLive(live, alarm(4), alarmKey);
    const feed = mergeFeed({ rows: [alarm(4), alarm(3)], total: 2 }, live, alarmKey);
    expect(feed.items.map((r) => r.id)).toEqual([5, 4, 3]);
    expect(feed.count).toBe(3);
  });
});
