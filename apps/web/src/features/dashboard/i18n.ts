import { defineBundle } from '../../shared/i18n/bundle';

/** Strings of the platform overview (/dashboard/index). */
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

const en: typeof zh = {
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

const es: typeof zh = {
  dashboard: {
    link: 'Resumen de la plataforma',
    viewAll: 'Ver todo',
    updatedAt: 'Actualizado {{time}}',
    cards: {
      total: 'Dispositivos',
      online: 'En línea',
      offline: 'Fuera de línea',
      alarm: 'En alarma',
      share: '{{percent}}% del total',
    },
    alarmsToday: {
      title: 'Alarmas de hoy',
      total: 'Alarmas hoy',
      unhandled: 'Sin atender',
      byLevel: 'Por nivel',
      byType: 'Por tipo',
      none: 'Hoy no hay alarmas',
      unknownLevel: 'Nivel {{level}}',
    },
    alarmTrend: {
      title: 'Tendencia de alarmas (14 días)',
      alarms: 'Alarmas',
      recovered: 'Recuperadas',
    },
    readings: {
      title: 'Volumen de datos (14 días)',
      series: 'Lecturas',
      today: 'Hoy',
      last7: 'Últimos 7 días',
      utcNote: 'Contado por día UTC',
    },
    latestAlarms: {
      title: 'Últimas alarmas',
      empty: 'Sin alarmas',
    },
    latestOffline: {
      title: 'Últimas desconexiones',
      empty: 'Sin desconexiones',
    },
  },
};

export const dashboardBundle = defineBundle(zh, en, es);
