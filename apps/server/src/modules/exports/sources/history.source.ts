import { translateValue } from '@fleet/contracts';
import { zonedTime } from '../../alarms/export-format.js';
import { EXPORT_FILE_WORDS } from '../export-words.js';
import type { Cell } from '../export-writer.js';
import { createHistoryExportRepository, type HistoryKey } from './history.repository.js';
import { ExportFailure, type SourceFactory } from './types.js';

/**
 * Raw stored values of the points in [starttime, endtime], merged by time, one row per reading (long
 * format): time, device, point, value (the point's translation text where one matches), raw value, unit.
 */
export const historySource: SourceFactory<'history'> = async (ctx, params) => {
  const repo = createHistoryExportRepository(ctx.db);
  const pointIds = params.point_ids;
  const points = await repo.visiblePoints(ctx.scope, pointIds);
  if (points.length !== new Set(pointIds).size) throw new ExportFailure('point not found');
  const byId = new Map(points.map((p) => [p.id, p]));
  const words = EXPORT_FILE_WORDS[ctx.lang].history;
  const range = { start: params.starttime, end: params.endtime };

  return {
    header: [words.time, words.device, words.point, words.value, words.raw, words.unit],
    widths: [20, 24, 20, 16, 14, 10],
    count: (cap) => repo.count(pointIds, range.start, range.end, cap),
    async *pages() {
      let after: HistoryKey | null = null;
      for (;;) {
        const rows = await repo.page({
          pointIds,
          ...range,
          order: params.order,
          limit: ctx.pageSize,
          after,
        });
        if (rows.length === 0) return;
        yield rows.map((r): Cell[] => {
          const p = byId.get(r.pointId);
          const raw = r.text ?? r.value;
          const text = r.text === null ? translateValue(r.value, p?.translate) : null;
          return [
            zonedTime(new Date(r.ms), ctx.tz),
            p?.deviceTitle ?? '',
            p?.title || p?.name || '',
            text ?? raw,
            raw,
            p?.unit || null,
          ];
        });
        const last = rows.at(-1)!;
        after = { ms: last.ms, pointId: last.pointId };
        if (rows.length < ctx.pageSize) return;
      }
    },
  };
};
