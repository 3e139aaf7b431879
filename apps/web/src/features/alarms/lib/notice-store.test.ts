import { beforeEach, describe, expect, it } from 'vitest';
import { createNoticeStore, FIRST_READ_OFFSET_MS, NOTICE_STORAGE_KEY } from './notice-store';

const stored = () => JSON.parse(localStorage.getItem(NOTICE_STORAGE_KEY) ?? 'null')?.state;

describe('notification settings store (SPEC 4 "Notifications")', () => {
  let clock = 1_700_000_000_000;
  const now = () => clock;
  beforeEach(() => {
    localStorage.clear();
    clock = 1_700_000_000_000;
  });

  it('starts with both switches off, alarm sound on, offline sound off, last read one minute ago', () => {
    const store = createNoticeStore({ now });
    expect(store.getState()).toMatchObject({
      alarmEnabled: false,
      onlineEnabled: false,
      alarmSound: true,
      offlineSound: false,
      lastReadAt: clock - FIRST_READ_OFFSET_MS,
    });
  });

  it('fixes the first read time in storage on first use, so a reload does not move it', () => {
    createNoticeStore({ now });
    expect(stored()).toEqual({
      alarmEnabled: false,
      onlineEnabled: false,
      alarmSound: true,
      offlineSound: false,
      lastReadAt: clock - FIRST_READ_OFFSET_MS,
    });
    clock += 3_600_000;
    expect(createNoticeStore({ now }).getState().lastReadAt).toBe(1_700_000_000_000 - FIRST_READ_OFFSET_MS);
  });

  it('persists the switches, the sound flags and the last read time under notice-settings', () => {
    const first = createNoticeStore({ now });
    first.getState().setAlarmEnabled(true);
    first.getState().setOnlineEnabled(true);
    first.getState().setAlarmSound(false);
    first.getState().setOfflineSound(true);
    clock += 5000;
    first.getState().markAllRead();
    expect(stored()).toMatchObject({ alarmEnabled: true, alarmSound: false, lastReadAt: clock });

    clock += 60_000;
    const reloaded = createNoticeStore({ now }).getState();
    expect(reloaded).toMatchObject({
      alarmEnabled: true,
      onlineEnabled: true,
      alarmSound: false,
      offlineSound: true,
      lastReadAt: clock - 60_000,
    });
  });

  it('mark all read sets the last read time to now', () => {
    const store = createNoticeStore({ now });
    clock += 42_000;
    store.getState().markAllRead();
    expect(store.getState().lastReadAt).toBe(clock);
  });

  it('ignores malformed stored values field by field', () => {
    localStorage.setItem(
      NOTICE_STORAGE_KEY,
      JSON.stringify({ state: { alarmEnabled: 'yes', onlineEnabled: true, lastReadAt: 'soon' }, version: 0 }),
    );
    const state = createNoticeStore({ now }).getState();
    expect(state.alarmEnabled).toBe(false);
    expect(state.onlineEnabled).toBe(true);
    expect(state.lastReadAt).toBe(clock - FIRST_READ_OFFSET_MS);
  });
});
