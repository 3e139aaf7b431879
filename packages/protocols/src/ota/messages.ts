/**
 * OTA messages between the platform and a gateway over MQTT (docs/protocols.md "OTA"):
 * - the notice, a command on `d/{imei}/down` whose `ota` field names a firmware package (download URL
 *   and signed manifest) or a parameter document, with a random start delay;
 * - the progress, on `d/{imei}/ota`, one message per step of DESIGN 13.
 * The gateway acknowledges the notice on `d/{imei}/ack` like any command (it was received), then
 * reports progress; the last report after a firmware reboot carries the version it now runs.
 */
import { gatewayParams, OTA_FAILURE_REASONS } from '@fleet/contracts';
import { z } from 'zod';
import { isValidImei } from '../identity.js';
import { otaManifest } from './manifest.js';

const planId = z.number().int().positive();
const startAfter = z.number().int().min(0).max(86_400);

export const otaFirmwareNotice = z.strictObject({
  plan_id: planId,
  kind: z.literal('firmware'),
  /** Where the package is served; it answers HTTP range requests so a cut download resumes. */
  url: z.string().url().max(2048),
  manifest: otaManifest,
  signature: z.string().max(200),
  start_after_s: startAfter,
});

export const otaParamsNotice = z.strictObject({
  plan_id: planId,
  kind: z.literal('params'),
  params: gatewayParams,
  start_after_s: startAfter,
});

export const otaNotice = z.discriminatedUnion('kind', [otaFirmwareNotice, otaParamsNotice]);
export type OtaNotice = z.infer<typeof otaNotice>;
export type OtaFirmwareNotice = z.infer<typeof otaFirmwareNotice>;

export const OTA_PROGRESS_STATES = ['downloading', 'verified', 'applied', 'reported', 'failed'] as const;

export const otaProgress = z
  .strictObject({
    plan_id: planId,
    state: z.enum(OTA_PROGRESS_STATES),
    reason: z.enum(OTA_FAILURE_REASONS).optional(),
    /** Free text for the error log (ota.Strace). */
    detail: z.string().max(1024).optional(),
    /** Firmware version the gateway runs, with `reported`. */
    version: z.string().min(1).max(64).optional(),
    /** Parameter version the gateway runs, with `reported`. */
    param_version: z.number().int().min(1).optional(),
    /** Bytes received so far, with `downloading`. */
    bytes: z.number().int().min(0).optional(),
  })
  .refine((p) => (p.state === 'failed') === (p.reason !== undefined), {
    message: 'a reason is given exactly when the state is failed',
    path: ['reason'],
  });
export type OtaProgress = z.infer<typeof otaProgress>;

/** The gateway's progress topic (device -> platform). */
export function otaTopic(imei: string): string {
  if (!isValidImei(imei)) throw new RangeError('imei must be 6-20 digits');
  return `d/${imei}/ota`;
}
