import { z } from 'zod';
import { queryTime } from '../accounts.js';
import { listQuery } from '../envelope.js';
import { gatewayParams } from './gateway-params.js';
import { OTA_DEVICE_STATES, OTA_FAILURE_REASONS, OTA_PLAN_STATES } from './rollout.js';

/**
 * OTA applications (firmware packages), plans and their rollout, the OTA log and error traces
 * (docs/api-ota.md "Applications", "Plans", "Log"). Issue 19 items 4, 5 and 7.
 */

/** Largest firmware package accepted by an upload. */
export const OTA_PACKAGE_MAX_BYTES = 64 * 1024 * 1024;
/** How long a signed manifest stays valid unless the upload says otherwise. */
export const OTA_MANIFEST_DEFAULT_DAYS = 365;

const version = z.string().trim().min(1).max(64);
const model = z.string().trim().min(1).max(64);

/**
 * The text fields of `POST /ota/applications` (multipart, next to the `file` part). `models` is one
 * model per line or comma separated; `counter` the anti-rollback counter gateways must see increase.
 */
export const otaApplicationUploadFields = z.strictObject({
  name: z.string().trim().min(1).max(100),
  version,
  models: z
    .string()
    .max(4000)
    .transform((s) =>
      [
        ...new Set(
          s
            .split(/[\n,]/)
            .map((m) => m.trim())
            .filter(Boolean),
        ),
      ].slice(0, 65),
    )
    .pipe(z.array(model).min(1, 'at least one model').max(64)),
  counter: z.coerce.number().int().min(1).max(2_000_000_000),
  notes: z.string().trim().max(2000).default(''),
  expires_days: z.coerce.number().int().min(1).max(3650).default(OTA_MANIFEST_DEFAULT_DAYS),
});
export type OtaApplicationUploadFields = z.infer<typeof otaApplicationUploadFields>;

export const otaApplicationListQuery = listQuery.extend({
  /** Part of the name, version or notes. */
  search: z.string().trim().max(64).optional(),
});
export type OtaApplicationListQuery = z.infer<typeof otaApplicationListQuery>;

export const otaApplicationRow = z.object({
  id: z.number().int(),
  owner_user_id: z.number().int(),
  name: z.string(),
  version: z.string(),
  models: z.array(z.string()),
  counter: z.number().int(),
  notes: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  filename: z.string(),
  /** Epoch seconds; the signed manifest is refused by gateways after it. */
  expires: z.number().int(),
  /** The manifest exactly as signed, and its base64 Ed25519 signature. */
  manifest: z.object({
    artifact: z.object({ sha256: z.string(), size: z.number().int() }),
    models: z.array(z.string()),
    version: z.string(),
    counter: z.number().int(),
    expires: z.number().int(),
  }),
  signature: z.string(),
  created_at: z.string(),
});
export type OtaApplicationRow = z.infer<typeof otaApplicationRow>;

// ---------------------------------------------------------------- plans

export const otaPlanType = z.union([z.literal(1), z.literal(2)]);
export type OtaPlanType = z.infer<typeof otaPlanType>;
export const otaPlanLevel = z.union([z.literal(0), z.literal(1)]);
export type OtaPlanLevel = z.infer<typeof otaPlanLevel>;

export const otaRolloutSettings = z.strictObject({
  /** Devices per group, in order; the devices beyond their sum form one last group. */
  group_sizes: z.array(z.number().int().min(1).max(100_000)).max(20).default([]),
  /** Share (0-100) of a group that must report before the next starts; below it the plan pauses. */
  success_percent: z.number().int().min(0).max(100).default(100),
  /** Share (0-100) of all devices that may fail; above it the plan aborts. */
  failure_percent: z.number().int().min(0).max(100).default(10),
  rate_per_minute: z.number().int().min(1).max(10_000).default(60),
  /** Each notice tells the gateway to wait a random 0..this many seconds before it starts. */
  start_delay_max_s: z.number().int().min(0).max(3600).default(0),
});
export type OtaRolloutSettings = z.infer<typeof otaRolloutSettings>;

export const otaPlanCreateBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    type: otaPlanType,
    level: otaPlanLevel,
    /** Level 0: the gateways (ids in the caller's data); ignored for level 1. */
    gateway_ids: z.array(z.number().int().positive()).max(10_000).default([]),
    /** Type 2: the application (firmware package) to install. */
    application_id: z.number().int().positive().nullable().default(null),
    /** Type 1: the parameter document, validated with every SPEC 5 rule. */
    params: gatewayParams.nullable().default(null),
    rollout: otaRolloutSettings.default({
      group_sizes: [],
      success_percent: 100,
      failure_percent: 10,
      rate_per_minute: 60,
      start_delay_max_s: 0,
    }),
  })
  .superRefine((b, ctx) => {
    if (b.type === 2 && b.application_id === null)
      ctx.addIssue({
        code: 'custom',
        message: 'a firmware plan needs an application',
        path: ['application_id'],
      });
    if (b.type === 1 && b.params === null)
      ctx.addIssue({
        code: 'custom',
        message: 'a parameter plan needs a parameter document',
        path: ['params'],
      });
    if (b.level === 0 && b.gateway_ids.length === 0)
      ctx.addIssue({ code: 'custom', message: 'list at least one gateway', path: ['gateway_ids'] });
  });
export type OtaPlanCreateBody = z.infer<typeof otaPlanCreateBody>;

export const otaPlanListQuery = listQuery.extend({
  search: z.string().trim().max(64).optional(),
  type: z.coerce.number().pipe(otaPlanType).optional(),
  state: z.enum(OTA_PLAN_STATES).optional(),
});
export type OtaPlanListQuery = z.infer<typeof otaPlanListQuery>;

const stateCounts = z.record(z.enum(OTA_DEVICE_STATES), z.number().int());
export type OtaStateCounts = z.infer<typeof stateCounts>;

export const otaPlanRow = z.object({
  id: z.number().int(),
  owner_user_id: z.number().int(),
  name: z.string(),
  type: otaPlanType,
  level: otaPlanLevel,
  /** 1 when the plan targets all gateways (level 1), else 0. */
  plan_control_all: z.number().int(),
  /** Number of listed gateways (level 0); null (shown N/A) for level 1. */
  plan_control_count: z.number().int().nullable(),
  application_id: z.number().int().nullable(),
  application_version: z.string().nullable(),
  param_version: z.number().int().nullable(),
  state: z.enum(OTA_PLAN_STATES),
  /** Why the plan paused or aborted on its own (`group-below-success`, `failure-threshold`). */
  state_reason: z.string().nullable(),
  rollout: otaRolloutSettings,
  devices: z.number().int(),
  counts: stateCounts,
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type OtaPlanRow = z.infer<typeof otaPlanRow>;

export const otaPlanGroup = z.object({
  group: z.number().int(),
  devices: z.number().int(),
  counts: stateCounts,
});
export const otaPlanDetail = otaPlanRow.extend({
  params: z.record(z.string(), z.unknown()).nullable(),
  groups: z.array(otaPlanGroup),
});
export type OtaPlanDetail = z.infer<typeof otaPlanDetail>;

export const otaPlanDeviceListQuery = listQuery.extend({
  state: z.enum(OTA_DEVICE_STATES).optional(),
  group: z.coerce.number().int().min(0).optional(),
});
export type OtaPlanDeviceListQuery = z.infer<typeof otaPlanDeviceListQuery>;

export const otaPlanDeviceRow = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  gateway_id: z.number().int().nullable(),
  imei: z.string(),
  group: z.number().int(),
  state: z.enum(OTA_DEVICE_STATES),
  reason: z.enum(OTA_FAILURE_REASONS).nullable(),
  detail: z.string().nullable(),
  bytes: z.number().int().nullable(),
  version: z.string().nullable(),
  notified_at: z.string().nullable(),
  updated_at: z.string(),
});
export type OtaPlanDeviceRow = z.infer<typeof otaPlanDeviceRow>;

// ---------------------------------------------------------------- log and error traces

export const otaLogListQuery = listQuery.extend({
  plan_id: z.coerce.number().int().positive().optional(),
  /** Part of the IMEI. */
  imei: z.string().trim().max(20).optional(),
  state: z.enum(OTA_DEVICE_STATES).optional(),
  starttime: queryTime.optional(),
  endtime: queryTime.optional(),
});
export type OtaLogListQuery = z.infer<typeof otaLogListQuery>;

export const otaLogRow = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  plan_name: z.string(),
  imei: z.string(),
  state: z.enum(OTA_DEVICE_STATES),
  reason: z.enum(OTA_FAILURE_REASONS).nullable(),
  detail: z.string().nullable(),
  version: z.string().nullable(),
  bytes: z.number().int().nullable(),
  at: z.string(),
});
export type OtaLogRow = z.infer<typeof otaLogRow>;
