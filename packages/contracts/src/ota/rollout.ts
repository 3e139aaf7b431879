/**
 * The states of an OTA rollout (DESIGN 13), shared by the server's rollout machine and the web's
 * progress views. A device moves queued -> notified -> downloading -> verified -> applied -> reported,
 * or to failed with a reason; a parameter plan has no download (notified -> applied -> reported).
 */
export const OTA_DEVICE_STATES = [
  'queued',
  'notified',
  'downloading',
  'verified',
  'applied',
  'reported',
  'failed',
] as const;
export type OtaDeviceState = (typeof OTA_DEVICE_STATES)[number];

export const OTA_FINAL_STATES: ReadonlySet<OtaDeviceState> = new Set(['reported', 'failed']);

export type OtaDeviceEvent = 'notify' | 'download' | 'verify' | 'apply' | 'report' | 'fail';

/** `state -> event -> next state`; an event missing here is refused (a late or repeated report). */
export const OTA_DEVICE_TRANSITIONS: Readonly<
  Record<OtaDeviceState, Partial<Record<OtaDeviceEvent, OtaDeviceState>>>
> = {
  queued: { notify: 'notified', fail: 'failed' },
  notified: { download: 'downloading', apply: 'applied', report: 'reported', fail: 'failed' },
  downloading: { verify: 'verified', fail: 'failed' },
  verified: { apply: 'applied', report: 'reported', fail: 'failed' },
  applied: { report: 'reported', fail: 'failed' },
  reported: {},
  failed: {},
};

export function otaDeviceNext(state: OtaDeviceState, event: OtaDeviceEvent): OtaDeviceState | null {
  return OTA_DEVICE_TRANSITIONS[state][event] ?? null;
}

/** SPEC 3 plan type: 1 parameter upgrade, 2 firmware upgrade. */
export const OTA_PLAN_TYPES = { parameters: 1, firmware: 2 } as const;
export const OTA_PLAN_STATES = ['draft', 'running', 'paused', 'completed', 'aborted'] as const;
export type OtaPlanState = (typeof OTA_PLAN_STATES)[number];

/** Why a device failed; shown in the OTA log (ota.Log) and the progress table. */
export const OTA_FAILURE_REASONS = [
  'malformed',
  'bad-signature',
  'wrong-model',
  'rollback',
  'expired',
  'size-mismatch',
  'hash-mismatch',
  'download-failed',
  'apply-failed',
  'timeout',
  'aborted',
  'offline',
] as const;
export type OtaFailureReason = (typeof OTA_FAILURE_REASONS)[number];
