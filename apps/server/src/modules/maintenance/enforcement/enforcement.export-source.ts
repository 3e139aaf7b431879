import { ENFORCEMENT_TYPE_LABELS, type Language } from '@fleet/contracts';
import { zonedTime } from '../../../platform/time/zone.js';
import { ExportFailure, type SourceFactory } from '../../exports/sources/types.js';
import { MODULES_OPTION } from '../../system/options.defaults.js';
import { createPlatformOptions } from '../../system/platform-options.service.js';
import { mergeModules } from '../../system/system.service.js';
import { canonicalOf } from './enforcement.chain.js';
import { createEnforcementRepository } from './enforcement.repository.js';

const HEADER: Record<Language, string[]> = {
  zh: [
    '租户',
    '序号',
    '记录ID',
    '类型',
    '发生时间',
    '设备',
    '资产ID',
    '地点',
    '纬度',
    '经度',
    '执法人员',
    '描述',
    '文件',
    '工单',
    '创建时间(UTC)',
    '前一哈希',
    '哈希',
    '规范化内容',
  ],
  en: [
    'Tenant',
    'Seq',
    'Record ID',
    'Type',
    'Occurred at',
    'Device',
    'Asset ID',
    'Site',
    'Latitude',
    'Longitude',
    'Officer',
    'Description',
    'Files',
    'Work order',
    'Created at (UTC)',
    'Previous hash',
    'Hash',
    'Canonical serialisation',
  ],
  es: [
    'Inquilino',
    'N.º',
    'ID del registro',
    'Tipo',
    'Fecha del hecho',
    'Dispositivo',
    'ID del activo',
    'Lugar',
    'Latitud',
    'Longitud',
    'Agente',
    'Descripción',
    'Archivos',
    'Orden de trabajo',
    'Creado (UTC)',
    'Hash anterior',
    'Hash',
    'Serialización canónica',
  ],
};
const WIDTHS = [8, 6, 8, 14, 20, 20, 8, 24, 12, 12, 14, 40, 40, 10, 26, 66, 66, 80];

/**
 * Records of GET /maintenance/enforcement by tenant and along each chain, with prev_hash, hash and
 * the canonical serialisation: an auditor recomputes sha256(canonical) = hash and checks each
 * record's prev_hash against the previous row's hash (docs/maintenance.md).
 */
export const enforcementSource: SourceFactory<'enforcement'> = async (ctx, params) => {
  // The SPEC 1 switch "law enforcement" gates the records wherever they are read.
  if (!mergeModules(await createPlatformOptions(ctx.db).getOption(MODULES_OPTION)).lawEnforcement)
    throw new ExportFailure('the law enforcement module is off');
  const repo = createEnforcementRepository(ctx.db);
  const labels = ENFORCEMENT_TYPE_LABELS[ctx.lang];
  return {
    header: HEADER[ctx.lang],
    widths: WIDTHS,
    count: () => repo.count(ctx.scope, params),
    async *pages() {
      let after: { ownerUserId: number; seq: number } | undefined;
      for (;;) {
        const rows = await repo.chunk(ctx.scope, params, ctx.pageSize, after);
        if (rows.length === 0) return;
        yield rows.map((r) => [
          r.ownerUserId,
          r.seq,
          r.id,
          labels[r.type] ?? r.type,
          zonedTime(r.occurredAt, ctx.tz),
          r.deviceTitle || null,
          r.assetId,
          r.site || null,
          r.lat,
          r.lng,
          r.officerName,
          r.description,
          r.files.map((f) => `${f.kind}:${f.hash}`).join(' ') || null,
          r.orderId,
          r.createdAt.toISOString(),
          r.prevHash,
          r.hash,
          canonicalOf(r, r.files),
        ]);
        const last = rows.at(-1)!;
        after = { ownerUserId: last.ownerUserId, seq: last.seq };
        if (rows.length < ctx.pageSize) return;
      }
    },
  };
};
