import type { Texts } from './zh';

/** Strings of dashboard in Spanish. */
const es: Texts = {
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

export default es;
