import type { Language } from '@fleet/contracts';

/**
 * Words of the xlsx exports in the product's languages. Alarm type labels are the web app's
 * (apps/web/src/features/devices/i18n.ts `alarmType`), so a file reads like the screen it came from.
 */
interface ExportWords {
  alarmLog: {
    at: string;
    device: string;
    imei: string;
    point: string;
    alarmType: string;
    level: string;
    value: string;
    threshold: string;
    status: string;
    dispatch: string;
    recoveredAt: string;
    handledBy: string;
    handledAt: string;
    remark: string;
  };
  statReport: {
    device: string;
    imei: string;
    alarms: string;
    unhandled: string;
    recovered: string;
    offlineEvents: string;
    onlineEvents: string;
    offlineTime: string;
  };
  status: [string, string, string];
  dispatch: [string, string];
  levelFallback: (level: number) => string;
}

export const EXPORT_WORDS: Record<Language, ExportWords> = {
  zh: {
    alarmLog: {
      at: '报警时间',
      device: '设备名称',
      imei: 'IMEI',
      point: '数据点',
      alarmType: '报警类型',
      level: '报警等级',
      value: '报警值',
      threshold: '阈值',
      status: '处理状态',
      dispatch: '派单状态',
      recoveredAt: '恢复时间',
      handledBy: '处理人',
      handledAt: '处理时间',
      remark: '备注',
    },
    statReport: {
      device: '设备名称',
      imei: 'IMEI',
      alarms: '报警次数',
      unhandled: '未处理',
      recovered: '已恢复',
      offlineEvents: '离线次数',
      onlineEvents: '上线次数',
      offlineTime: '离线时长',
    },
    status: ['未处理', '已处理', '误报'],
    dispatch: ['未派单', '已派单'],
    levelFallback: (level) => `等级 ${level}`,
  },
  en: {
    alarmLog: {
      at: 'Time',
      device: 'Device',
      imei: 'IMEI',
      point: 'Data point',
      alarmType: 'Alarm type',
      level: 'Level',
      value: 'Value',
      threshold: 'Threshold',
      status: 'Status',
      dispatch: 'Dispatch',
      recoveredAt: 'Recovered at',
      handledBy: 'Handled by',
      handledAt: 'Handled at',
      remark: 'Remark',
    },
    statReport: {
      device: 'Device',
      imei: 'IMEI',
      alarms: 'Alarms',
      unhandled: 'Unhandled',
      recovered: 'Recovered',
      offlineEvents: 'Offline events',
      onlineEvents: 'Online events',
      offlineTime: 'Time offline',
    },
    status: ['Unhandled', 'Handled', 'False alarm'],
    dispatch: ['Not dispatched', 'Dispatched'],
    levelFallback: (level) => `Level ${level}`,
  },
  es: {
    alarmLog: {
      at: 'Hora',
      device: 'Dispositivo',
      imei: 'IMEI',
      point: 'Punto de datos',
      alarmType: 'Tipo de alarma',
      level: 'Nivel',
      value: 'Valor',
      threshold: 'Umbral',
      status: 'Estado',
      dispatch: 'Despacho',
      recoveredAt: 'Recuperada el',
      handledBy: 'Atendida por',
      handledAt: 'Atendida el',
      remark: 'Observación',
    },
    statReport: {
      device: 'Dispositivo',
      imei: 'IMEI',
      alarms: 'Alarmas',
      unhandled: 'Sin atender',
      recovered: 'Recuperadas',
      offlineEvents: 'Desconexiones',
      onlineEvents: 'Conexiones',
      offlineTime: 'Tiempo desconectado',
    },
    status: ['Sin atender', 'Atendida', 'Falsa alarma'],
    dispatch: ['No despachada', 'Despachada'],
    levelFallback: (level) => `Nivel ${level}`,
  },
};
