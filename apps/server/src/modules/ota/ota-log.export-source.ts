import type { Language, OtaLogListQuery, OtaLogRow } from '@fleet/contracts';
import { zonedTime } from '../../platform/time/zone.js';
import type { ExportSource, SourceContext, SourceFactory } from '../exports/sources/types.js';
import { createOtaPlansRepository } from './plans.repository.js';

const HEADER: Record<Language, string[]> = {
  zh: ['时间', '计划', 'IMEI', '步骤', '原因', '详情', '版本', '字节'],
  en: ['Time', 'Plan', 'IMEI', 'Step', 'Reason', 'Detail', 'Version', 'Bytes'],
  es: ['Hora', 'Plan', 'IMEI', 'Paso', 'Motivo', 'Detalle', 'Versión', 'Bytes'],
};
const WIDTHS = [20, 28, 18, 12, 16, 60, 12, 12];

function source(
  ctx: SourceContext,
  params: Omit<OtaLogListQuery, 'page' | 'limit'>,
  failedOnly: boolean,
): ExportSource {
  const repo = createOtaPlansRepository(ctx.db);
  const cells = (
    r: Pick<
      OtaLogRow,
      'plan_id' | 'plan_name' | 'imei' | 'state' | 'reason' | 'detail' | 'version' | 'bytes'
    > & { at: Date },
  ) => [
    zonedTime(r.at.toISOString(), ctx.tz),
    `#${r.plan_id} ${r.plan_name}`,
    r.imei,
    r.state,
    r.reason,
    r.detail,
    r.version,
    r.bytes,
  ];
  return {
    header: HEADER[ctx.lang],
    widths: WIDTHS,
    async count() {
      return (await repo.listLog(ctx.scope, params, failedOnly, 1, 0)).total;
    },
    async *pages() {
      let after: { at: Date; id: number } | undefined;
      for (;;) {
        const rows = await repo.logChunk(ctx.scope, params, failedOnly, ctx.pageSize, after);
        if (rows.length === 0) return;
        yield rows.map((r) => cells({ ...r, plan_id: r.planId, plan_name: r.planName, at: r.at }));
        const last = rows.at(-1)!;
        after = { at: last.at, id: last.id };
        if (rows.length < ctx.pageSize) return;
      }
    },
  };
}

/** The OTA log of GET /ota/log (every step), newest first, as an xlsx/csv export. */
export const otaLogSource: SourceFactory<'otalog'> = async (ctx, params) => source(ctx, params, false);
/** The failed steps of GET /ota/strace with the gateways' traces. */
export const otaStraceSource: SourceFactory<'otastrace'> = async (ctx, params) => source(ctx, params, true);
