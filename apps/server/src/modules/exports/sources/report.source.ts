import { EXPORT_FILE_WORDS } from '../export-words.js';
import type { Cell } from '../export-writer.js';
import { ExportFailure, type SourceFactory } from './types.js';

/** Rows per call of the data report (its largest page). */
const REPORT_PAGE = 2000;

/** The data report (GET /dataCenter/dataReportV2) read through the reports module, page by page. */
export const reportSource: SourceFactory<'report'> = async (ctx, params) => {
  const report = ctx.report;
  if (!report) throw new ExportFailure('the data report is not available');
  const w = EXPORT_FILE_WORDS[ctx.lang].report;
  const page = (n: number) => report(ctx.scope, { ...params, page: n, limit: REPORT_PAGE });
  const first = await page(1);
  return {
    header: [
      w.period,
      w.device,
      w.point,
      w.unit,
      w.count,
      w.min,
      w.max,
      w.avg,
      w.first,
      w.last,
      w.difference,
    ],
    widths: [12, 24, 20, 10, 10, 12, 12, 12, 12, 12, 12],
    count: async () => first.total,
    async *pages() {
      let answer = first;
      for (let n = 1; ; n += 1) {
        if (n > 1) answer = await page(n);
        if (answer.rows.length === 0) return;
        yield answer.rows.map((r): Cell[] => [
          r.period,
          r.device_title,
          r.point_title || r.point_name,
          r.unit || null,
          r.count,
          r.min,
          r.max,
          r.avg,
          r.first,
          r.last,
          r.difference,
        ]);
        if (answer.rows.length < REPORT_PAGE || n * REPORT_PAGE >= answer.total) return;
      }
    },
  };
};
