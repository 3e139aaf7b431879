/** Query keys of the alarms feature (alarm center, notification popover, trigger contacts). */
export const alarmKeys = {
  all: ['alarms'] as const,
  logs: () => [...alarmKeys.all, 'log'] as const,
  log: (query: object) => [...alarmKeys.logs(), query] as const,
  onofflines: () => [...alarmKeys.all, 'onoffline'] as const,
  onoffline: (query: object) => [...alarmKeys.onofflines(), query] as const,
  /** The popover's unread lists: 'alarm' or 'online', from a last-read time. */
  feeds: () => [...alarmKeys.all, 'feed'] as const,
  feed: (kind: 'alarm' | 'online', since: number) => [...alarmKeys.feeds(), kind, since] as const,
  contacts: () => [...alarmKeys.all, 'contacts'] as const,
  contactList: (query: object) => [...alarmKeys.contacts(), 'list', query] as const,
  notices: () => [...alarmKeys.all, 'notices'] as const,
  noticeList: (query: object) => [...alarmKeys.notices(), query] as const,
  channels: () => [...alarmKeys.all, 'channels'] as const,
};
