import type { Cell } from '../exports/export-writer.js';
import type { SourceFactory } from '../exports/sources/types.js';
import { alarmLevelsReader, levelLabeller } from './alarm-levels.js';
import { createStatReportRepository } from './stat-report.repository.js';
import { createStatReportService } from './stat-report.service.js';
import { statReportTable } from './stat-report-export.js';

/** H:mm:ss of a duration in days (the xlsx export's [h]:mm:ss cell, as text for csv too). */
function duration(days: number): string {
  const total = Math.round(days * 86_400);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * The rows of /device/exportStatReport: one per device, a column per alarm type and level that occurs.
 * The columns depend on every row, so the report is built first (it has one row per device).
 */
export const statReportSource: SourceFactory<'statreport'> = async (ctx, params) => {
  const alarmLevels = alarmLevelsReader(ctx.db);
  const service = createStatReportService({
    repo: createStatReportRepository(ctx.db),
    clock: ctx.clock,
    alarmLevels,
  });
  const { rows } = await service.allRows(ctx.scope, params);
  const table = statReportTable(rows, {
    lang: ctx.lang,
    levelLabel: levelLabeller(await alarmLevels(), ctx.lang),
  });
  const last = table.header.length - 1;
  const cells = table.rows.map((r): Cell[] => r.map((c, i) => (i === last ? duration(Number(c)) : c)));
  return {
    header: table.header,
    widths: [24, 18, ...Array<number>(Math.max(0, table.header.length - 2)).fill(14)],
    count: async () => cells.length,
    async *pages() {
      for (let i = 0; i < cells.length; i += ctx.pageSize) yield cells.slice(i, i + ctx.pageSize);
    },
  };
};
