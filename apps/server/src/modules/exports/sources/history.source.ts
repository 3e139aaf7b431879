import { translateValue } from '@fleet/contracts';
import { zonedTime } from '../../../platform/time/zone.js';
import { EXPORT_FILE_WORDS } from '../export-words.js';
import type { Cell } from '../export-writer.js';
import { createHistoryExportRepository, type HistoryRecord } from './history.repository.js';
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

  const toCells = (r: HistoryRecord): Cell[] => {
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
  };

  let counted: number | undefined;
  return {
    header: [words.time, words.device, words.point, words.value, words.raw, words.unit],
    widths: [20, 24, 20, 16, 14, 10],
    async count(cap) {
      counted = await repo.count(pointIds, range.start, range.end, cap);
      return counted;
    },
    async *pages() {
      // Slices of about one page each: the width starts from the average density of the range and adapts
      // to what the last slice held (bursts and holes).
      const startMs = range.start.getTime();
      const endMs = range.end.getTime() + 1; // the range includes endtime
      // The worker counted the rows for its progress already; count only when it did not.
      const total = Math.max(1, counted ?? (await repo.count(pointIds, range.start, range.end, 1_000_000)));
      let width = Math.max(1_000, Math.floor(((endMs - startMs) * ctx.pageSize) / total));
      let done = params.order === 'asc' ? startMs : endMs;
      while (params.order === 'asc' ? done < endMs : done > startMs) {
        const from = params.order === 'asc' ? done : Math.max(startMs, done - width);
        const to = params.order === 'asc' ? Math.min(endMs, done + width) : done;
        const rows = await repo.slice({ pointIds, from, to, order: params.order });
        done = params.order === 'asc' ? to : from;
        if (rows.length > 2 * ctx.pageSize) width = Math.max(1_000, Math.floor(width / 2));
        else if (rows.length < ctx.pageSize / 2) width *= 2;
        if (rows.length > 0) yield rows.map(toCells);
      }
    },
  };
};
