import type { ExportKind, Language } from '@fleet/contracts';

/**
 * Words of the background export files (docs/api-datacenter.md "Exports") in the product's languages.
 * The alarm log and the statistics report reuse the words of modules/alarms/export-labels.ts.
 */
interface ExportFileWords {
  /** File title per kind (also the job's `title` and the start of the file name). */
  kind: Record<ExportKind, string>;
  history: { time: string; device: string; point: string; value: string; raw: string; unit: string };
  devices: {
    title: string;
    imei: string;
    model: string;
    protocol: string;
    status: string;
    onlineAt: string;
    group: string;
    project: string;
  };
  /** Device state as the device list shows it: offline, normal (online, no alarm), alarm. */
  deviceStatus: { offline: string; normal: string; alarm: string };
  report: {
    period: string;
    device: string;
    point: string;
    unit: string;
    count: string;
    min: string;
    max: string;
    avg: string;
    first: string;
    last: string;
    difference: string;
  };
}

export const EXPORT_FILE_WORDS: Record<Language, ExportFileWords> = {
  zh: {
    kind: {
      history: '历史数据',
      report: '数据报表',
      alarmlog: '报警记录',
      devices: '设备列表',
      statreport: '统计报表',
      otalog: '升级日志',
      otastrace: '升级错误追踪',
      noticelog: '通知记录',
      enforcement: '执法记录',
      assets: '设备台账',
      maintstats: '维保统计',
    },
    history: { time: '时间', device: '设备名称', point: '数据点', value: '值', raw: '原始值', unit: '单位' },
    devices: {
      title: '设备名称',
      imei: 'IMEI',
      model: '设备型号',
      protocol: '协议',
      status: '状态',
      onlineAt: '上线时间',
      group: '分组',
      project: '项目',
    },
    deviceStatus: { offline: '离线', normal: '正常', alarm: '报警' },
    report: {
      period: '周期',
      device: '设备名称',
      point: '数据点',
      unit: '单位',
      count: '读数',
      min: '最小值',
      max: '最大值',
      avg: '平均值',
      first: '首值',
      last: '末值',
      difference: '差值',
    },
  },
  en: {
    kind: {
      history: 'History',
      report: 'Data report',
      alarmlog: 'Alarm log',
      devices: 'Devices',
      statreport: 'Statistics report',
      otalog: 'OTA log',
      otastrace: 'OTA error traces',
      noticelog: 'Notice log',
      enforcement: 'Law enforcement records',
      assets: 'Device ledger',
      maintstats: 'Maintenance figures',
    },
    history: {
      time: 'Time',
      device: 'Device',
      point: 'Data point',
      value: 'Value',
      raw: 'Raw value',
      unit: 'Unit',
    },
    devices: {
      title: 'Device',
      imei: 'IMEI',
      model: 'Model',
      protocol: 'Protocol',
      status: 'Status',
      onlineAt: 'Online since',
      group: 'Group',
      project: 'Project',
    },
    deviceStatus: { offline: 'Offline', normal: 'Normal', alarm: 'Alarm' },
    report: {
      period: 'Period',
      device: 'Device',
      point: 'Data point',
      unit: 'Unit',
      count: 'Readings',
      min: 'Min',
      max: 'Max',
      avg: 'Average',
      first: 'First',
      last: 'Last',
      difference: 'Difference',
    },
  },
  es: {
    kind: {
      history: 'Histórico',
      report: 'Informe de datos',
      alarmlog: 'Registro de alarmas',
      devices: 'Dispositivos',
      statreport: 'Informe estadístico',
      otalog: 'Registro OTA',
      otastrace: 'Trazas de error OTA',
      noticelog: 'Registro de avisos',
      enforcement: 'Registros de inspección',
      assets: 'Inventario de equipos',
      maintstats: 'Indicadores de mantenimiento',
    },
    history: {
      time: 'Hora',
      device: 'Dispositivo',
      point: 'Punto de datos',
      value: 'Valor',
      raw: 'Valor bruto',
      unit: 'Unidad',
    },
    devices: {
      title: 'Dispositivo',
      imei: 'IMEI',
      model: 'Modelo',
      protocol: 'Protocolo',
      status: 'Estado',
      onlineAt: 'En línea desde',
      group: 'Grupo',
      project: 'Proyecto',
    },
    deviceStatus: { offline: 'Desconectado', normal: 'Normal', alarm: 'Alarma' },
    report: {
      period: 'Periodo',
      device: 'Dispositivo',
      point: 'Punto de datos',
      unit: 'Unidad',
      count: 'Lecturas',
      min: 'Mínimo',
      max: 'Máximo',
      avg: 'Media',
      first: 'Primero',
      last: 'Último',
      difference: 'Diferencia',
    },
  },
};
