import { z } from 'zod';
import { queryTime } from './accounts.js';
import { parseThreshold } from './display.js';
import { listQuery } from './envelope.js';

/**
 * Triggers, the alarm log, statistical reports, trigger contacts and notices
 * (docs/api-alarms.md). Shared by the server routes and the web pages.
 */

const id = z.coerce.number().int().positive();
const finite = z.number().finite();

export const TRIGGER_KINDS = ['limit', 'code', 'stale', 'offline'] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

/** SPEC 4 trigger_optype: 1 >, 2 >=, 3 <, 4 <=, 5 =, 6 inside range, 7 outside range. */
export const TRIGGER_OPTYPES = [1, 2, 3, 4, 5, 6, 7] as const;

/** Fire-alarm codes a 'code' trigger turns into alarms (SPEC 4: 101-108). */
export const FIRE_CODES = [101, 102, 103, 104, 105, 106, 107, 108] as const;

/** Longest minimum duration / stale / offline delay: one day. */
export const MAX_TRIGGER_DELAY_S = 86_400;
/** Most triggers one point may carry. */
export const MAX_TRIGGERS_PER_POINT = 10;

/** SPEC 3: trigger_threshold is an object or a JSON string holding lolmt and uplmt. */
const thresholdInput = z
  .union([z.string().max(200), z.object({ lolmt: z.unknown(), uplmt: z.unknown() }).partial()])
  .transform((raw) => parseThreshold(raw));

/** POST /trigger and PUT /trigger/{id} (PUT: every field optional, kind/device/point fixed). */
export const triggerInput = z.object({
  device_id: id,
  /** Required for 'limit', 'code', 'stale'; absent for 'offline'. */
  point_id: id.nullable().optional(),
  kind: z.enum(TRIGGER_KINDS),
  title: z.string().trim().max(64).default(''),
  /** 'limit' only: 1 over-limit, 2 change-of-state. */
  alarm_type: z.union([z.literal(1), z.literal(2)]).default(1),
  /** 'limit' only. */
  trigger_optype: z.coerce.number().int().min(1).max(7).optional(),
  trigger_threshold: thresholdInput.optional(),
  /** A value of the alarm_levels option. */
  level: z.coerce.number().int().min(1).max(99).default(2),
  deadband: finite.min(0).default(0),
  delay_s: z.number().int().min(0).max(MAX_TRIGGER_DELAY_S).default(0),
  stale_s: z.number().int().min(0).max(MAX_TRIGGER_DELAY_S).default(0),
  enabled: z.boolean().default(true),
  notify: z.boolean().default(true),
  contact_ids: z.array(z.number().int().positive()).max(50).default([]),
});
export type TriggerInput = z.infer<typeof triggerInput>;

export const triggerUpdate = triggerInput
  .omit({ device_id: true, point_id: true, kind: true })
  .partial()
  // Defaults of the create schema must not reset fields a PUT leaves out.
  .extend({
    title: z.string().trim().max(64).optional(),
    alarm_type: z.union([z.literal(1), z.literal(2)]).optional(),
    level: z.coerce.number().int().min(1).max(99).optional(),
    deadband: finite.min(0).optional(),
    delay_s: z.number().int().min(0).max(MAX_TRIGGER_DELAY_S).optional(),
    stale_s: z.number().int().min(0).max(MAX_TRIGGER_DELAY_S).optional(),
    enabled: z.boolean().optional(),
    notify: z.boolean().optional(),
    contact_ids: z.array(z.number().int().positive()).max(50).optional(),
  });
export type TriggerUpdate = z.infer<typeof triggerUpdate>;

/** GET /trigger */
export const triggerQuery = z.object({ device_id: id, point_id: id.optional() });
export type TriggerQuery = z.infer<typeof triggerQuery>;

export const triggerRow = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  point_id: z.number().int().nullable(),
  point_name: z.string().nullable(),
  point_title: z.string().nullable(),
  kind: z.enum(TRIGGER_KINDS),
  title: z.string(),
  alarm_type: z.number().int(),
  trigger_optype: z.number().int(),
  trigger_threshold: z.object({ lolmt: z.number().nullable(), uplmt: z.number().nullable() }),
  level: z.number().int(),
  deadband: z.number(),
  delay_s: z.number().int(),
  stale_s: z.number().int(),
  enabled: z.boolean(),
  notify: z.boolean(),
  contact_ids: z.array(z.number().int()),
  /** The open alarm of this trigger, if any. */
  open_alarm_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TriggerRow = z.infer<typeof triggerRow>;

/** What the trigger rules need to hold (checked by the server, mirrored by the form). */
export function triggerProblem(t: {
  kind: TriggerKind;
  point_id?: number | null;
  trigger_optype?: number;
  trigger_threshold?: { lolmt?: number | null; uplmt?: number | null };
  stale_s?: number;
}): { field: string; reason: string } | null {
  if (t.kind !== 'offline' && !t.point_id) return { field: 'point_id', reason: 'required' };
  if (t.kind === 'offline' && t.point_id) return { field: 'point_id', reason: 'not allowed' };
  if (t.kind === 'stale' && !t.stale_s) return { field: 'stale_s', reason: 'must be at least 1' };
  if (t.kind !== 'limit') return null;
  const optype = t.trigger_optype;
  if (!optype) return { field: 'trigger_optype', reason: 'required' };
  const lo = t.trigger_threshold?.lolmt ?? null;
  const up = t.trigger_threshold?.uplmt ?? null;
  if (optype === 6 || optype === 7) {
    if (lo === null || up === null) return { field: 'trigger_threshold', reason: 'lolmt and uplmt required' };
    if (lo > up) return { field: 'trigger_threshold', reason: 'lolmt above uplmt' };
    return null;
  }
  if (lo === null && up === null) return { field: 'trigger_threshold', reason: 'a limit is required' };
  return null;
}

/* ---------------------------------------------------------------- alarm log */

export const ALARM_CAUSES = ['limit', 'code', 'stale', 'offline', 'recovered'] as const;

/** GET /event/alarmlog and GET /event/alarmlog/export */
export const alarmLogQuery = listQuery.extend({
  starttime: queryTime.optional(),
  endtime: queryTime.optional(),
  device_id: id.optional(),
  level: z.coerce.number().int().optional(),
  alarm_type: z.coerce.number().int().optional(),
  status: z.coerce.number().int().min(0).max(2).optional(),
  /** true: only alarms still open. */
  open: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  /** Device title or IMEI contains. */
  search: z.string().trim().max(64).optional(),
});
export type AlarmLogQuery = z.infer<typeof alarmLogQuery>;

export const alarmLogRow = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  device_title: z.string(),
  device_imei: z.string(),
  trigger_id: z.number().int().nullable(),
  point_id: z.number().int().nullable(),
  point_name: z.string(),
  point_title: z.string(),
  alarm_type: z.number().int(),
  level: z.number().int(),
  status: z.number().int(),
  dispatch_status: z.number().int(),
  /** Device online state when recorded: 0 offline, 1 online. */
  online: z.number().int(),
  cause: z.string(),
  value: z.number().nullable(),
  threshold: z.string(),
  message: z.string(),
  at: z.string(),
  recovered_at: z.string().nullable(),
  recovers_id: z.number().int().nullable(),
  handled_by_name: z.string().nullable(),
  handled_at: z.string().nullable(),
  remark: z.string(),
});
export type AlarmLogRow = z.infer<typeof alarmLogRow>;

/** PUT /event/alarmlog/{id}: at least one field. */
export const alarmLogUpdate = z
  .object({
    status: z.number().int().min(0).max(2).optional(),
    dispatch_status: z.number().int().min(0).max(1).optional(),
    remark: z.string().trim().max(500).optional(),
  })
  .refine((v) => v.status !== undefined || v.dispatch_status !== undefined || v.remark !== undefined, {
    message: 'nothing to update',
  });
export type AlarmLogUpdate = z.infer<typeof alarmLogUpdate>;

/** AL payload (live channel): the alarm row as the log answers it. */
export type LiveAlarmEvent = AlarmLogRow;

/* ---------------------------------------------------------------- statistical reports */

/** GET /device/eventStatReport and /device/exportStatReport */
export const eventStatQuery = listQuery.extend({
  starttime: queryTime.optional(),
  endtime: queryTime.optional(),
  device_id: id.optional(),
  group_id: id.optional(),
  search: z.string().trim().max(64).optional(),
});
export type EventStatQuery = z.infer<typeof eventStatQuery>;

export const eventStatRow = z.object({
  device_id: z.number().int(),
  device_title: z.string(),
  device_imei: z.string(),
  /** Alarm rows raised in the period (recovery rows not counted). */
  alarms: z.number().int(),
  /** Per alarm type code: count. */
  by_type: z.record(z.string(), z.number().int()),
  /** Per level: count. */
  by_level: z.record(z.string(), z.number().int()),
  unhandled: z.number().int(),
  recovered: z.number().int(),
  offline_events: z.number().int(),
  online_events: z.number().int(),
  /** Seconds offline within the period (from the online/offline log). */
  offline_seconds: z.number().int(),
});
export type EventStatRow = z.infer<typeof eventStatRow>;

/* ---------------------------------------------------------------- contacts and notices */

export const WEBHOOK_KINDS = ['generic', 'wecom', 'dingtalk', 'feishu'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
/** 'sms' and 'voice' (text-to-speech calls) go to the contact's phone through the platform's provider. */
export const NOTICE_CHANNELS = ['email', 'webhook', 'sms', 'voice'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
/** 'no_quota': an SMS / voice notice logged but not sent because the remaining count was used up. */
export const NOTICE_STATUSES = ['pending', 'sending', 'sent', 'failed', 'throttled', 'no_quota'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'expected an http(s) URL');

/** POST /trigger/contact, PUT /trigger/contact/{id} (PUT: all optional; secret kept when absent). */
export const contactInput = z.object({
  name: z.string().trim().min(1).max(64),
  email: z.union([z.literal(''), z.string().trim().email().max(200)]).default(''),
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[+\d\s-]*$/, 'digits only')
    .default(''),
  webhook_kind: z.union([z.literal(''), z.enum(WEBHOOK_KINDS)]).default(''),
  webhook_url: z.union([z.literal(''), httpUrl]).default(''),
  webhook_secret: z.string().trim().max(200).optional(),
  email_enabled: z.boolean().default(false),
  webhook_enabled: z.boolean().default(false),
  /** SMS and voice calls to `phone`; each send uses one unit of the owner's remaining count. */
  sms_enabled: z.boolean().default(false),
  voice_enabled: z.boolean().default(false),
  /** Service expiry notices of the owner's devices (30, 7, 1 days before) by e-mail / SMS as switched on. */
  expiry_notices: z.boolean().default(false),
  min_interval_s: z.number().int().min(0).max(86_400).default(0),
  /** Storm cap of SMS and voice: alarm notices per window before one digest; 0 = no cap. */
  storm_cap: z.number().int().min(0).max(1000).default(10),
  storm_window_s: z.number().int().min(60).max(86_400).default(3600),
  /** Escalation level: 0 = told at once; N = told only if the alarm is still unhandled after N minutes. */
  escalate_after_min: z.number().int().min(0).max(1440).default(0),
  /** Language of the notices this contact receives. */
  language: z.enum(['zh', 'en', 'es']).default('zh'),
  enabled: z.boolean().default(true),
  remark: z.string().trim().max(200).default(''),
});
export type ContactInput = z.infer<typeof contactInput>;

/** Channel rules: an enabled channel needs its address. */
export function contactProblem(c: {
  email?: string;
  email_enabled?: boolean;
  webhook_kind?: string;
  webhook_url?: string;
  webhook_enabled?: boolean;
  phone?: string;
  sms_enabled?: boolean;
  voice_enabled?: boolean;
}): { field: string; reason: string } | null {
  if (c.email_enabled && !c.email) return { field: 'email', reason: 'required when e-mail is on' };
  if ((c.sms_enabled || c.voice_enabled) && !c.phone)
    return { field: 'phone', reason: 'required when SMS or voice is on' };
  if (c.webhook_enabled && !c.webhook_url)
    return { field: 'webhook_url', reason: 'required when webhook is on' };
  if (c.webhook_enabled && !c.webhook_kind)
    return { field: 'webhook_kind', reason: 'required when webhook is on' };
  return null;
}

export const contactQuery = listQuery.extend({ search: z.string().trim().max(64).optional() });
export type ContactQuery = z.infer<typeof contactQuery>;

export const contactRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  webhook_kind: z.string(),
  webhook_url: z.string(),
  /** Whether a signing secret is stored (the secret itself is never answered). */
  has_webhook_secret: z.boolean(),
  email_enabled: z.boolean(),
  webhook_enabled: z.boolean(),
  sms_enabled: z.boolean(),
  voice_enabled: z.boolean(),
  expiry_notices: z.boolean(),
  min_interval_s: z.number().int(),
  storm_cap: z.number().int(),
  storm_window_s: z.number().int(),
  escalate_after_min: z.number().int(),
  language: z.string(),
  enabled: z.boolean(),
  remark: z.string(),
  owner_name: z.string(),
  /** Triggers linked to this contact. */
  trigger_count: z.number().int(),
  created_at: z.string(),
});
export type ContactRow = z.infer<typeof contactRow>;

/** GET /trigger/notice (delivery log). */
export const noticeQuery = listQuery.extend({
  contact_id: id.optional(),
  channel: z.enum(NOTICE_CHANNELS).optional(),
  status: z.enum(NOTICE_STATUSES).optional(),
  starttime: queryTime.optional(),
  endtime: queryTime.optional(),
});
export type NoticeQuery = z.infer<typeof noticeQuery>;

export const noticeRow = z.object({
  id: z.number().int(),
  contact_id: z.number().int(),
  contact_name: z.string(),
  /** Where it went: the phone (sms, voice), the e-mail address or the webhook kind. */
  contact_address: z.string(),
  alarm_id: z.number().int().nullable(),
  /** What the notice is about: an alarm, a contact test, a scheduled report, a service expiry. */
  about: z.enum(['alarm', 'test', 'report', 'expiry']),
  device_title: z.string().nullable(),
  alarm_type: z.number().int().nullable(),
  channel: z.enum(NOTICE_CHANNELS),
  status: z.enum(NOTICE_STATUSES),
  attempts: z.number().int(),
  last_error: z.string(),
  /** SMS / voice: the provider's answer and delivery receipt ('' none yet, delivered, failed). */
  provider_answer: z.string(),
  receipt_status: z.string(),
  /** Set on a storm digest: how many alarm notices it stands for. */
  digest_count: z.number().int().nullable(),
  /**
   * Units of the contact owner's remaining SMS / voice count this notice takes: 1 while reserved
   * (pending, sending) or posted (sent), 0 when voided (failed), never counted ('no limit', e-mail,
   * webhook) or not sent (throttled, no quota).
   */
  cost: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  receipt_at: z.string().nullable(),
});
export type NoticeRow = z.infer<typeof noticeRow>;

/** GET /trigger/channels: which channels this server can deliver. */
export const noticeChannels = z.object({
  email: z.boolean(),
  webhook: z.boolean(),
  sms: z.boolean(),
  voice: z.boolean(),
});
export type NoticeChannels = z.infer<typeof noticeChannels>;
