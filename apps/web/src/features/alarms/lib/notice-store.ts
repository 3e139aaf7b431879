import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';

/** localStorage key of the notification settings (docs/api-alarms.md "Screens"). */
export const NOTICE_STORAGE_KEY = 'notice-settings';
/** SPEC 4: the first read time defaults to one minute ago. */
export const FIRST_READ_OFFSET_MS = 60_000;

export interface NoticeSettings {
  /** SPEC 4: both switches off by default. */
  alarmEnabled: boolean;
  onlineEnabled: boolean;
  /** SPEC 4: alarm sound on, offline sound off by default. */
  alarmSound: boolean;
  offlineSound: boolean;
  /** Epoch milliseconds; events at or after it are unread. */
  lastReadAt: number;
}

export interface NoticeState extends NoticeSettings {
  setAlarmEnabled: (on: boolean) => void;
  setOnlineEnabled: (on: boolean) => void;
  setAlarmSound: (on: boolean) => void;
  setOfflineSound: (on: boolean) => void;
  /** Clears both lists: everything up to now is read. */
  markAllRead: () => void;
}

export function defaultNoticeSettings(now: number): NoticeSettings {
  return {
    alarmEnabled: false,
    onlineEnabled: false,
    alarmSound: true,
    offlineSound: false,
    lastReadAt: now - FIRST_READ_OFFSET_MS,
  };
}

/** Keeps only well-typed stored fields, so a hand-edited or old entry cannot break the popover. */
export function sanitizeNoticeSettings(stored: unknown): Partial<NoticeSettings> {
  if (!stored || typeof stored !== 'object') return {};
  const s = stored as Record<string, unknown>;
  const out: Partial<NoticeSettings> = {};
  for (const key of ['alarmEnabled', 'onlineEnabled', 'alarmSound', 'offlineSound'] as const) {
    if (typeof s[key] === 'boolean') out[key] = s[key];
  }
  if (typeof s.lastReadAt === 'number' && Number.isFinite(s.lastReadAt) && s.lastReadAt > 0) {
    out.lastReadAt = s.lastReadAt;
  }
  return out;
}

/** A notification settings store; the app uses one (`useNoticeSettings`), tests make their own. */
export function createNoticeStore(options: { now?: () => number; storage?: () => StateStorage } = {}) {
  const now = options.now ?? Date.now;
  const storage = options.storage ?? (() => localStorage);
  const store = create<NoticeState>()(
    persist(
      (set) => ({
        ...defaultNoticeSettings(now()),
        setAlarmEnabled: (alarmEnabled) => set({ alarmEnabled }),
        setOnlineEnabled: (onlineEnabled) => set({ onlineEnabled }),
        setAlarmSound: (alarmSound) => set({ alarmSound }),
        setOfflineSound: (offlineSound) => set({ offlineSound }),
        markAllRead: () => set({ lastReadAt: now() }),
      }),
      {
        name: NOTICE_STORAGE_KEY,
        storage: createJSONStorage(storage),
        partialize: (s): NoticeSettings => ({
          alarmEnabled: s.alarmEnabled,
          onlineEnabled: s.onlineEnabled,
          alarmSound: s.alarmSound,
          offlineSound: s.offlineSound,
          lastReadAt: s.lastReadAt,
        }),
        merge: (persisted, current) => ({ ...current, ...sanitizeNoticeSettings(persisted) }),
      },
    ),
  );
  // The first use fixes "one minute ago" in storage: otherwise every reload would move it forward
  // and events that arrived while the page was closed would never count as unread.
  let stored: string | null = null;
  try {
    stored = storage().getItem(NOTICE_STORAGE_KEY) as string | null;
  } catch {
    stored = null;
  }
  if (stored === null) store.setState({});
  return store;
}

export const useNoticeSettings = createNoticeStore();
