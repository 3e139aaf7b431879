import type { Texts } from './zh';

/** Strings of dashboard in English. */
const en: Texts = {
  dashboard: {
    link: 'Platform overview',
    viewAll: 'View all',
    updatedAt: 'Updated {{time}}',
    cards: {
      total: 'Devices',
      online: 'Online',
      offline: 'Offline',
      alarm: 'In alarm',
      share: '{{percent}}% of all',
    },
    alarmsToday: {
      title: "Today's alarms",
      total: 'Alarms today',
      unhandled: 'Unhandled',
      byLevel: 'By level',
      byType: 'By type',
      none: 'No alarms today',
      unknownLevel: 'Level {{level}}',
    },
    alarmTrend: {
      title: 'Alarm trend (14 days)',
      alarms: 'Alarms',
      recovered: 'Recovered',
    },
    readings: {
      title: 'Data volume (14 days)',
      series: 'Readings',
      today: 'Today',
      last7: 'Last 7 days',
      utcNote: 'Counted per UTC day',
    },
    latestAlarms: {
      title: 'Latest alarms',
      empty: 'No alarms',
    },
    latestOffline: {
      title: 'Latest offline events',
      empty: 'No offline events',
    },
  },
};

export default en;
