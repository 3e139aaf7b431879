import { defineBundle } from '../i18n/bundle';

/** Labels of the SPEC 5 time-range presets (shared/time/time-range.ts), used by TimeRangeFilter. */
export const timeRangeBundle = defineBundle(
  {
    timeRange: {
      past1h: '过去 1 小时',
      today: '今天',
      yesterday: '昨天',
      past7d: '过去 7 天',
      past30d: '过去 30 天',
      thisMonth: '本月',
      lastMonth: '上月',
      pastHalfYear: '过去半年',
      pastYear: '过去一年',
    },
  },
  {
    timeRange: {
      past1h: 'Past hour',
      today: 'Today',
      yesterday: 'Yesterday',
      past7d: 'Past 7 days',
      past30d: 'Past 30 days',
      thisMonth: 'This month',
      lastMonth: 'Last month',
      pastHalfYear: 'Past half year',
      pastYear: 'Past year',
    },
  },
  {
    timeRange: {
      past1h: 'Última hora',
      today: 'Hoy',
      yesterday: 'Ayer',
      past7d: 'Últimos 7 días',
      past30d: 'Últimos 30 días',
      thisMonth: 'Este mes',
      lastMonth: 'Mes pasado',
      pastHalfYear: 'Último medio año',
      pastYear: 'Último año',
    },
  },
);
