import type { SourceFactory } from '../exports/sources/types.js';
import { alarmLevelsReader, levelLabeller } from './alarm-levels.js';
import { createAlarmLogRepository } from './alarm-log.repository.js';
import { ALARM_LOG_WIDTHS, alarmLogCells, alarmLogHeader } from './alarm-log-export.js';

/** The alarm log filter of GET /event/alarmlog, newest first, with the columns of its xlsx export. */
export const alarmLogSource: SourceFactory<'alarmlog'> = async (ctx, params) => {
  const repo = createAlarmLogRepository(ctx.db);
  const options = {
    lang: ctx.lang,
    tz: ctx.tz,
    levelLabel: levelLabeller(await alarmLevelsReader(ctx.db)(), ctx.lang),
  };
  return {
    header: alarmLogHeader(ctx.lang),
    widths: ALARM_LOG_WIDTHS,
    async count() {
      return (await repo.list(ctx.scope, params, 1, 0)).total;
    },
    async *pages() {
      let after: { at: Date; id: number } | undefined;
      for (;;) {
        const rows = await repo.chunk(ctx.scope, params, ctx.pageSize, after);
        if (rows.length === 0) return;
        yield rows.map((r) => alarmLogCells(r, options));
        const last = rows.at(-1)!;
        after = { at: new Date(last.at), id: last.id };
        if (rows.length < ctx.pageSize) return;
      }
    },
  };
};
