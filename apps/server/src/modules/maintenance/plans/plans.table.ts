import type { PlanMeterMode, PlanThresholdOp, PlanTrigger } from '@fleet/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { dataPoints } from '../../devices/devices.table.js';
import { users } from '../../users/users.table.js';
import { workOrders } from '../work-orders.table.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Maintenance plans (SPEC 4, issue 22 item 2, docs/maintenance.md). `owner_user_id` is the tenant
 * (the creator's data owner); status moves only through the plan transition table of @fleet/contracts.
 * Calendar plans raise an order per target every `period` `time_unit` from `start_date` at `due_time`
 * in `time_zone`; meter plans (`trigger` runtime / threshold) read `meter_point_id` of their device.
 */
export const maintenancePlans = pgTable(
  'maintenance_plans',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SPEC 4: 0 in-warranty, 1 out-of-warranty. */
    planType: smallint('plan_type').notNull().default(0),
    /** SPEC 4: 0 monitored device, 1 device ledger asset. */
    targetType: smallint('target_type').notNull().default(0),
    trigger: text('trigger').$type<PlanTrigger>().notNull().default('calendar'),
    period: integer('period').notNull().default(1),
    /** SPEC 4: 0 day, 1 week, 2 month, 3 year. */
    timeUnit: smallint('time_unit').notNull().default(2),
    /** 'YYYY-MM-DD' on the calendar of `time_zone`. */
    startDate: text('start_date').notNull(),
    /** 'HH:mm' on the clock of `time_zone`. */
    dueTime: text('due_time').notNull().default('09:00'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** SPEC 4: 0 one day, 1 two days, 2 three days, 3 one week, 4 two weeks, 5 one month, 6 none. */
    preNotify: smallint('pre_notify').notNull().default(0),
    /** Users of the tenant; the first takes the generated orders, all are told. */
    assigneeIds: jsonb('assignee_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    checklist: jsonb('checklist').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    description: text('description').notNull().default(''),
    meterPointId: integer('meter_point_id').references(() => dataPoints.id, { onDelete: 'set null' }),
    meterMode: text('meter_mode').$type<PlanMeterMode>().notNull().default('running'),
    meterHours: doublePrecision('meter_hours'),
    thresholdOp: text('threshold_op').$type<PlanThresholdOp>().notNull().default('above'),
    thresholdValue: doublePrecision('threshold_value'),
    /** runtime plans: hours counted towards the next order (running mode) or the counter at the last order. */
    meterProgress: doublePrecision('meter_progress'),
    /** running mode: the last sample read (its time and value), integration carries on from there. */
    meterReadAt: ts('meter_read_at'),
    meterLastValue: doublePrecision('meter_last_value'),
    /** threshold plans: true once the value is back on the near side (the next crossing raises an order). */
    meterArmed: boolean('meter_armed').notNull().default(true),
    /** SPEC 4: 0 not started ... 7 ended. */
    status: smallint('status').notNull().default(0),
    /** Calendar plans: the next occurrence not yet raised (its number and due time). */
    nextOccurrence: integer('next_occurrence').notNull().default(0),
    nextDueAt: ts('next_due_at'),
    /** When the order of `next_occurrence` is raised (due time minus pre-notify): the generator's index. */
    nextCreateAt: ts('next_create_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('maintenance_plans_owner_idx').on(t.ownerUserId, t.id),
    index('maintenance_plans_due_idx').on(t.status, t.nextCreateAt),
  ],
);

/**
 * The plan's targets: devices (type 0) or device ledger assets (type 1). Ledger assets live on the
 * `ledger` branch; the id has no foreign key so either kind fits (the plan service validates).
 */
export const maintenancePlanTargets = pgTable(
  'maintenance_plan_targets',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => maintenancePlans.id, { onDelete: 'cascade' }),
    targetType: smallint('target_type').notNull(),
    targetId: integer('target_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.targetType, t.targetId] }),
    index('maintenance_plan_targets_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * One row per raised occurrence and target: the primary key makes the generator idempotent (a second
 * tick, a second instance or a retried transaction cannot raise a second order for the same occurrence).
 */
export const maintenancePlanOrders = pgTable(
  'maintenance_plan_orders',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => maintenancePlans.id, { onDelete: 'cascade' }),
    occurrence: integer('occurrence').notNull(),
    targetType: smallint('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    orderId: integer('order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    dueAt: ts('due_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.occurrence, t.targetType, t.targetId] }),
    index('maintenance_plan_orders_order_idx').on(t.orderId),
  ],
);
