import { z } from 'zod';
import { listQuery } from '../envelope.js';
import { isTimeZoneName } from '../time-zone.js';
import { PLAN_USER_EVENTS } from './plan-transitions.js';
import { WORK_ORDER_MAX_CHECKLIST } from './work-orders.js';

/** Maintenance plans (issue 22 item 2, docs/maintenance.md). Shared by the server routes and the web. */

const id = z.coerce.number().int().positive();

/** SPEC 4 plan type: 0 in-warranty, 1 out-of-warranty. */
export const PLAN_TYPES = [0, 1] as const;
/** SPEC 4 time unit: 0 day, 1 week, 2 month, 3 year. */
export const PLAN_TIME_UNITS = [0, 1, 2, 3] as const;
export type PlanTimeUnit = (typeof PLAN_TIME_UNITS)[number];
/** SPEC 4 pre-notify: 0 one day, 1 two days, 2 three days, 3 one week, 4 two weeks, 5 one month, 6 none. */
export const PLAN_PRE_NOTIFY = [0, 1, 2, 3, 4, 5, 6] as const;
export type PlanPreNotify = (typeof PLAN_PRE_NOTIFY)[number];
/** How far ahead of its due time an occurrence's order is raised, per pre-notify code. */
export const PRE_NOTIFY_AHEAD: Record<PlanPreNotify, { days: number; months: number }> = {
  0: { days: 1, months: 0 },
  1: { days: 2, months: 0 },
  2: { days: 3, months: 0 },
  3: { days: 7, months: 0 },
  4: { days: 14, months: 0 },
  5: { days: 0, months: 1 },
  6: { days: 0, months: 0 },
};
/** SPEC 4 target type: 0 monitored device, 1 device ledger asset. */
export const PLAN_TARGET_TYPES = [0, 1] as const;
export type PlanTargetType = (typeof PLAN_TARGET_TYPES)[number];

/**
 * What raises the orders: `calendar` every period from the start date; `runtime` every N running
 * hours of the target device (a point that is 1 while running, or a point counting runtime hours);
 * `threshold` once each time a point of the device crosses a value.
 */
export const PLAN_TRIGGERS = ['calendar', 'runtime', 'threshold'] as const;
export type PlanTrigger = (typeof PLAN_TRIGGERS)[number];
/** `running`: the point is 1 while the device runs (hours are integrated); `counter`: it counts hours. */
export const PLAN_METER_MODES = ['running', 'counter'] as const;
export type PlanMeterMode = (typeof PLAN_METER_MODES)[number];
export const PLAN_THRESHOLD_OPS = ['above', 'below'] as const;
export type PlanThresholdOp = (typeof PLAN_THRESHOLD_OPS)[number];

export const PLAN_MAX_TARGETS = 100;
export const PLAN_MAX_ASSIGNEES = 10;
export const PLAN_PREVIEW_COUNT = 5;

const oneOf = <T extends readonly number[]>(values: T, what: string) =>
  z
    .number()
    .int()
    .refine((v) => (values as readonly number[]).includes(v), `expected ${what}`);

/** An IANA time zone the runtime knows (Asia/Shanghai, Europe/Madrid, UTC). */
const timeZoneName = z.string().trim().min(1).max(64).refine(isTimeZoneName, 'unknown time zone');

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'not a calendar date');
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:mm');

/** POST /maintenance/plan and PUT /maintenance/plan/{id}. */
export const planBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    plan_type: oneOf(PLAN_TYPES, '0 in-warranty or 1 out-of-warranty').default(0),
    target_type: oneOf(PLAN_TARGET_TYPES, '0 monitored device or 1 device ledger').default(0),
    target_ids: z.array(id).min(1).max(PLAN_MAX_TARGETS),
    trigger: z.enum(PLAN_TRIGGERS).default('calendar'),
    period: z.number().int().min(1).max(1000).default(1),
    time_unit: oneOf(PLAN_TIME_UNITS, '0 day, 1 week, 2 month or 3 year').default(2),
    start_date: dateOnly,
    /** Local time of day each occurrence is due, in `time_zone`. */
    due_time: timeOfDay.default('09:00'),
    /** The zone whose calendar and clock the occurrences follow (the web fills in the owner's). */
    time_zone: timeZoneName.default('UTC'),
    pre_notify: oneOf(PLAN_PRE_NOTIFY, '0 to 6 (SPEC 4 pre-notify)').default(0),
    assignee_ids: z.array(id).max(PLAN_MAX_ASSIGNEES).default([]),
    checklist: z.array(z.string().trim().min(1).max(200)).max(WORK_ORDER_MAX_CHECKLIST).default([]),
    description: z.string().trim().max(2000).default(''),
    /** runtime / threshold: the point of the (one) target device that is read. */
    meter_point_id: id.nullable().default(null),
    meter_mode: z.enum(PLAN_METER_MODES).default('running'),
    /** runtime: an order every this many running hours. */
    meter_hours: z.number().positive().max(1_000_000).nullable().default(null),
    threshold_op: z.enum(PLAN_THRESHOLD_OPS).default('above'),
    threshold_value: z.number().finite().nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.trigger === 'calendar') return;
    if (v.target_ids.length !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['target_ids'],
        message: 'a meter-based plan has exactly one device',
      });
    if (v.meter_point_id === null)
      ctx.addIssue({ code: 'custom', path: ['meter_point_id'], message: 'a meter-based plan reads a point' });
    if (v.trigger === 'runtime' && v.meter_hours === null)
      ctx.addIssue({ code: 'custom', path: ['meter_hours'], message: 'running hours between orders' });
    if (v.trigger === 'threshold' && v.threshold_value === null)
      ctx.addIssue({ code: 'custom', path: ['threshold_value'], message: 'the value to cross' });
  });
export type PlanBody = z.infer<typeof planBody>;

/** GET /maintenance/plan */
export const planListQuery = listQuery.extend({
  status: z.coerce.number().int().min(0).max(7).optional(),
  search: z.string().trim().max(64).optional(),
});
export type PlanListQuery = z.infer<typeof planListQuery>;

export const planTarget = z.object({ type: z.number().int(), id: z.number().int(), title: z.string() });
export const planRow = z.object({
  id: z.number().int(),
  name: z.string(),
  plan_type: z.number().int(),
  target_type: z.number().int(),
  targets: z.array(planTarget),
  trigger: z.enum(PLAN_TRIGGERS),
  period: z.number().int(),
  time_unit: z.number().int(),
  start_date: z.string(),
  due_time: z.string(),
  time_zone: z.string(),
  pre_notify: z.number().int(),
  assignee_ids: z.array(z.number().int()),
  assignee_names: z.array(z.string()),
  checklist: z.array(z.string()),
  description: z.string(),
  meter_point_id: z.number().int().nullable(),
  meter_mode: z.enum(PLAN_METER_MODES),
  meter_hours: z.number().nullable(),
  threshold_op: z.enum(PLAN_THRESHOLD_OPS),
  threshold_value: z.number().nullable(),
  /** runtime plans: running hours counted towards the next order. */
  meter_progress: z.number().nullable(),
  status: z.number().int(),
  next_due_at: z.string().nullable(),
  /** Orders generated so far. */
  orders: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlanRow = z.infer<typeof planRow>;

export const planDetail = planRow.extend({
  allowed_events: z.array(z.enum(PLAN_USER_EVENTS)),
  deletable: z.boolean(),
  /** The next calendar occurrences (due time, when the order is raised); empty for meter plans. */
  preview: z.array(z.object({ occurrence: z.number().int(), due_at: z.string(), create_at: z.string() })),
  /** The latest generated orders. */
  recent_orders: z.array(
    z.object({
      id: z.number().int(),
      occurrence: z.number().int(),
      status: z.number().int(),
      due_at: z.string().nullable(),
    }),
  ),
});
export type PlanDetail = z.infer<typeof planDetail>;

/** POST /maintenance/plan/preview: the next occurrences of an unsaved plan (the edit drawer). */
export const planPreviewBody = z.object({
  period: z.number().int().min(1).max(1000),
  time_unit: oneOf(PLAN_TIME_UNITS, '0 day, 1 week, 2 month or 3 year'),
  start_date: dateOnly,
  due_time: timeOfDay.default('09:00'),
  time_zone: timeZoneName.default('UTC'),
  pre_notify: oneOf(PLAN_PRE_NOTIFY, '0 to 6 (SPEC 4 pre-notify)').default(0),
});
export type PlanPreviewBody = z.infer<typeof planPreviewBody>;
export const planPreview = z.object({
  time_zone: z.string(),
  occurrences: planDetail.shape.preview,
});
export type PlanPreview = z.infer<typeof planPreview>;

/** GET /maintenance/plan/points?device_id=: the points a meter-based plan can read. */
export const planPointOption = z.object({
  id: z.number().int(),
  title: z.string(),
  unit: z.string(),
  value: z.number().nullable(),
});
export type PlanPointOption = z.infer<typeof planPointOption>;
