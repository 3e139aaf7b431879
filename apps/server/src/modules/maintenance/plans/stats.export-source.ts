import type { Language } from '@fleet/contracts';
import type { SourceFactory } from '../../exports/sources/types.js';
import { createStatsRepository } from './stats.repository.js';
import { createStatsService } from './stats.service.js';

const WORDS: Record<Language, { header: string[]; device: string; asset: string; technician: string }> = {
  zh: {
    header: [
      '类型',
      '名称',
      '故障次数',
      '已修复',
      'MTTR(小时)',
      'MTBF(小时)',
      '完成工单',
      '平均完成(小时)',
      '逾期',
    ],
    device: '设备',
    asset: '资产',
    technician: '维修人员',
  },
  en: {
    header: [
      'Type',
      'Name',
      'Failures',
      'Repaired',
      'MTTR (h)',
      'MTBF (h)',
      'Orders closed',
      'Mean close (h)',
      'Overdue',
    ],
    device: 'Device',
    asset: 'Asset',
    technician: 'Technician',
  },
  es: {
    header: [
      'Tipo',
      'Nombre',
      'Averías',
      'Reparadas',
      'MTTR (h)',
      'MTBF (h)',
      'Órdenes cerradas',
      'Cierre medio (h)',
      'Vencidas',
    ],
    device: 'Dispositivo',
    asset: 'Activo',
    technician: 'Técnico',
  },
};

/** The figures of /maintenance/stats as one sheet: a row per device, per asset, then per technician. */
export const maintenanceStatsSource: SourceFactory<'maintstats'> = async (ctx, params) => {
  const stats = await createStatsService({ repo: createStatsRepository(ctx.db), clock: ctx.clock }).stats(
    ctx.scope,
    params,
  );
  const words = WORDS[ctx.lang];
  const rows = [
    ...stats.devices.map((d) => [
      words.device,
      d.device_title,
      d.failures,
      d.repaired,
      d.mttr_hours,
      d.mtbf_hours,
      null,
      null,
      d.overdue,
    ]),
    ...stats.assets.map((a) => [
      words.asset,
      a.asset_title,
      a.failures,
      a.repaired,
      a.mttr_hours,
      a.mtbf_hours,
      null,
      null,
      a.overdue,
    ]),
    ...stats.technicians.map((t) => [
      words.technician,
      t.name,
      null,
      null,
      null,
      null,
      t.closed,
      t.mean_close_hours,
      t.overdue,
    ]),
  ];
  return {
    header: words.header,
    widths: [12, 30, 10, 10, 12, 12, 14, 16, 10],
    count: async (cap) => Math.min(rows.length, cap),
    async *pages() {
      yield rows;
    },
  };
};
