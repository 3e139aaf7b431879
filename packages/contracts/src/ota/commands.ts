import { z } from 'zod';
import { queryTime } from '../accounts.js';
import { COMMAND_STATUSES } from '../alarm.js';
import { CSQ_LEVELS } from '../connectivity.js';
import { listQuery } from '../envelope.js';

/**
 * Gateway commands of SPEC 7 on OTA gateways (docs/api-ota.md "Gateway commands"), each a row with the
 * SPEC 4 status lifecycle. projdeploy and projreboot make one deploy / reboot command per gateway of
 * the project; upgrade starts a one-gateway firmware plan.
 */
export const OTA_COMMAND_KINDS = ['deploy', 'upgrade', 'reboot', 'reload', 'csq'] as const;
export const otaCommandKind = z.enum(OTA_COMMAND_KINDS);
export type OtaCommandKind = z.infer<typeof otaCommandKind>;

export const otaCommandRow = z.object({
  id: z.number().int(),
  gateway_id: z.number().int(),
  imei: z.string(),
  kind: otaCommandKind,
  status: z.enum(COMMAND_STATUSES),
  error: z.string(),
  /** projdeploy / projreboot: the project the command was made for. */
  project_id: z.number().int().nullable(),
  /** upgrade: the package and the one-gateway plan that delivers it. */
  application_id: z.number().int().nullable(),
  plan_id: z.number().int().nullable(),
  /** deploy: the version of the parameter document pushed. */
  param_version: z.number().int().nullable(),
  /** csq: the answer (AT+CSQ). */
  rssi: z.number().int().nullable(),
  ber: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  answered_at: z.string().nullable(),
});
export type OtaCommandRow = z.infer<typeof otaCommandRow>;

export const otaUpgradeBody = z.strictObject({ application_id: z.number().int().positive() });
export type OtaUpgradeBody = z.infer<typeof otaUpgradeBody>;

export const otaCommandListQuery = listQuery.pick({ page: true, limit: true }).extend({
  gateway_id: z.coerce.number().int().positive().optional(),
  kind: otaCommandKind.optional(),
});
export type OtaCommandListQuery = z.infer<typeof otaCommandListQuery>;

/** projdeploy / projreboot: the commands made, one per gateway of the project in the caller's data. */
export const otaProjectCommandResult = z.object({ commands: z.array(otaCommandRow) });
export type OtaProjectCommandResult = z.infer<typeof otaProjectCommandResult>;

export const otaSignalQuery = z.object({
  starttime: queryTime.optional(),
  endtime: queryTime.optional(),
});
export type OtaSignalQuery = z.infer<typeof otaSignalQuery>;

/** The stored csq answers of a gateway: the latest with its level, and the history (oldest first). */
export const otaSignalReport = z.object({
  rssi: z.number().int().nullable(),
  ber: z.number().int().nullable(),
  at: z.string().nullable(),
  level: z.enum(CSQ_LEVELS),
  history: z.array(z.object({ rssi: z.number().int(), ber: z.number().int(), at: z.string() })),
});
export type OtaSignalReport = z.infer<typeof otaSignalReport>;

/** How many of four bars a signal strength shows (0 when unknown). */
export function signalBars(rssi: number | null): number {
  if (rssi === null || rssi === 99 || rssi < 0 || rssi > 31) return 0;
  if (rssi <= 9) return 1;
  if (rssi <= 14) return 2;
  if (rssi <= 19) return 3;
  return 4;
}
