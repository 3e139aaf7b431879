import {
  alarmLogQuery,
  assetListQuery,
  dataReportQuery,
  deviceListQuery,
  type ExportKind,
  enforcementListQuery,
  eventStatQuery,
  historyRowsQuery,
  maintenanceStatsQuery,
  noticeQuery,
  otaLogListQuery,
  type Permission,
} from '@fleet/contracts';
import type { z } from 'zod';
import { paramError } from '../../platform/http/errors.js';

/**
 * What each export kind reads (docs/api-datacenter.md "Exports"): the list call's query schema its
 * `params` are checked with, and the permissions of that list call (any one suffices).
 */
export const EXPORT_KIND_RULES = {
  history: {
    schema: historyRowsQuery.omit({ page: true, limit: true }),
    permissions: ['DeviceManage', 'Monitor.DeviceMonitor', 'Device/view'],
  },
  report: { schema: dataReportQuery, permissions: ['DataReportV2'] },
  alarmlog: { schema: alarmLogQuery, permissions: ['Event/log', 'Event'] },
  devices: { schema: deviceListQuery, permissions: ['DeviceManage'] },
  statreport: { schema: eventStatQuery, permissions: ['Event', 'Event/log'] },
  otalog: {
    schema: otaLogListQuery.omit({ page: true, limit: true }),
    permissions: ['OtaManager', 'ota.Log/index'],
  },
  otastrace: {
    schema: otaLogListQuery.omit({ page: true, limit: true }),
    permissions: ['OtaManager', 'ota.Strace/index'],
  },
  noticelog: {
    schema: noticeQuery.omit({ page: true, limit: true }),
    permissions: ['TriggerNotice/log', 'TriggerContact/index'],
  },
  enforcement: {
    schema: enforcementListQuery.omit({ page: true, limit: true }),
    permissions: ['maintenance.Enforcement/index'],
  },
  assets: {
    schema: assetListQuery.omit({ page: true, limit: true }),
    permissions: ['maintenance.Asset/index'],
  },
  maintstats: { schema: maintenanceStatsQuery, permissions: ['maintenance.Stats/index'] },
} as const satisfies Record<ExportKind, { schema: z.ZodType; permissions: readonly Permission[] }>;

export type ExportParams<K extends ExportKind> = z.infer<(typeof EXPORT_KIND_RULES)[K]['schema']>;

/** Paging belongs to the screen, not to the file: an export always reads every row. */
const PAGING = new Set(['page', 'limit']);

/**
 * `params` parsed with the kind's list schema; a bad value is 10002 `body.params.<field>: <reason>`.
 * The export's own paging replaces the screen's, so `page` and `limit` are dropped first.
 */
export function parseExportParams<K extends ExportKind>(
  kind: K,
  params: Record<string, string>,
): ExportParams<K> {
  const input = Object.fromEntries(Object.entries(params).filter(([key]) => !PAGING.has(key)));
  const result = EXPORT_KIND_RULES[kind].schema.safeParse(input);
  if (result.success) return result.data as ExportParams<K>;
  const issue = result.error.issues[0];
  const path = ['body', 'params', ...(issue?.path ?? []).map(String)].join('.');
  throw paramError(`${path}: ${issue?.message ?? 'invalid'}`);
}

/** The stored params (strings) without the paging keys, as they are kept on the job row. */
export function storedParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([key]) => !PAGING.has(key)));
}
