/** Server messages of maintenance plans and figures (issue 22, docs/maintenance.md). */
import type { MessageTexts } from './messages.js';

export const MAINTENANCE_PLAN_MESSAGES = {
  'maintenance.planTransitionRefused': {
    zh: '计划当前状态({status})不允许此操作:{event}',
    en: 'the maintenance plan cannot take “{event}” in its current status ({status})',
    es: 'el plan de mantenimiento no admite «{event}» en su estado actual ({status})',
  },
  'maintenance.planMeterNeedsDevice': {
    zh: '按运行时长或阈值触发的计划只能以监控设备为对象',
    en: 'a plan triggered by running hours or a threshold targets a monitored device',
    es: 'un plan activado por horas de marcha o por un umbral se aplica a un dispositivo supervisado',
  },
  'maintenance.planNotDeletable': {
    zh: '运行中的计划不能删除,请先停止或结束',
    en: 'a running plan cannot be deleted; stop or end it first',
    es: 'un plan en marcha no se puede eliminar; deténgalo o finalícelo primero',
  },
  'maintenance.planEnded': {
    zh: '已结束的计划不能修改',
    en: 'an ended plan cannot be changed',
    es: 'un plan finalizado no se puede modificar',
  },
  'maintenance.unknownPoint': {
    zh: '数据点 {id} 不属于该设备',
    en: 'data point {id} does not belong to the device',
    es: 'el punto de datos {id} no pertenece al dispositivo',
  },
} satisfies Record<string, MessageTexts>;
