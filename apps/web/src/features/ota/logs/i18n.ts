import { defineBundle, registerBundles } from '../../../shared/i18n/bundle';

const zh = {
  otaLogs: {
    at: '时间',
    plan: '计划',
    imei: 'IMEI',
    step: '步骤',
    reason: '原因',
    detail: '详情',
    version: '版本',
    bytes: '字节',
    imeiPlaceholder: 'IMEI',
    planIdPlaceholder: '计划编号',
    allSteps: '全部步骤',
    total: '共 {{total}} 条',
    emptyLog: '还没有升级记录',
    emptyLogHint: '计划运行后，每台网关的每一步都记录在这里',
    emptyStrace: '没有错误记录',
    emptyStraceHint: '网关拒绝固件或升级失败时，它上报的错误信息显示在这里',
    emptyFiltered: '没有符合条件的记录',
  },
};

const en: typeof zh = {
  otaLogs: {
    at: 'Time',
    plan: 'Plan',
    imei: 'IMEI',
    step: 'Step',
    reason: 'Reason',
    detail: 'Detail',
    version: 'Version',
    bytes: 'Bytes',
    imeiPlaceholder: 'IMEI',
    planIdPlaceholder: 'Plan id',
    allSteps: 'All steps',
    total: '{{total}} entries',
    emptyLog: 'No OTA steps yet',
    emptyLogHint: 'Once a plan runs, every step of every gateway is recorded here',
    emptyStrace: 'No errors',
    emptyStraceHint: 'When a gateway refuses a package or an update fails, the trace it sent shows here',
    emptyFiltered: 'No entry matches',
  },
};

const es: typeof zh = {
  otaLogs: {
    at: 'Hora',
    plan: 'Plan',
    imei: 'IMEI',
    step: 'Paso',
    reason: 'Motivo',
    detail: 'Detalle',
    version: 'Versión',
    bytes: 'Bytes',
    imeiPlaceholder: 'IMEI',
    planIdPlaceholder: 'Id del plan',
    allSteps: 'Todos los pasos',
    total: '{{total}} entradas',
    emptyLog: 'Aún no hay pasos OTA',
    emptyLogHint: 'Cuando un plan se ejecuta, cada paso de cada pasarela se registra aquí',
    emptyStrace: 'No hay errores',
    emptyStraceHint:
      'Cuando una pasarela rechaza un paquete o una actualización falla, aquí aparece la traza que envió',
    emptyFiltered: 'Ninguna entrada coincide',
  },
};

export const otaLogsBundle = defineBundle(zh, en, es);

let registered = false;
export function registerOtaLogsBundle(): void {
  if (registered) return;
  registered = true;
  registerBundles([otaLogsBundle]);
}
