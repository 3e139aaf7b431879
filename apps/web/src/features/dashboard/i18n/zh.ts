/** Strings of dashboard in Chinese; en.ts and es.ts have the same shape. */
const zh = {
  dashboard: {
    link: '平台概览',
    viewAll: '查看全部',
    updatedAt: '更新于 {{time}}',
    cards: {
      total: '设备总数',
      online: '在线',
      offline: '离线',
      alarm: '报警',
      share: '占 {{percent}}%',
    },
    alarmsToday: {
      title: '今日报警',
      total: '今日报警数',
      unhandled: '未处理',
      byLevel: '按等级',
      byType: '按类型',
      none: '今日暂无报警',
      unknownLevel: '级别 {{level}}',
    },
    alarmTrend: {
      title: '报警趋势（近 14 天）',
      alarms: '报警',
      recovered: '恢复',
    },
    readings: {
      title: '数据量（近 14 天）',
      series: '数据条数',
      today: '今日',
      last7: '近 7 天',
      utcNote: '按 UTC 日期统计',
    },
    latestAlarms: {
      title: '最新报警',
      empty: '暂无报警',
    },
    latestOffline: {
      title: '最新离线',
      empty: '暂无离线事件',
    },
  },
};

export type Texts = typeof zh;

export default zh;
