import type { ChecklistItem, PartUsed, WorkOrderFileKind } from '@fleet/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { alarmLog } from '../alarms/alarms.table.js';
import { devices } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';
import { ledgerAssets } from './assets/assets.table.js';
import { enforcementRecords } from './enforcement/enforcement.table.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Work orders (SPEC 4, issue 22, docs/maintenance.md). `owner_user_id` is the tenant (the creator's
 * data owner); status moves only through the transition table of @fleet/contracts. `asset_id` names
 * a device ledger asset and `record_id` a law enforcement record; `plan_id` is left without a foreign
 * key until the maintenance plans table exists.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SPEC 4: 0 planned maintenance, 1 repair, 2 law enforcement. */
    type: smallint('type').notNull(),
    /** SPEC 4: 0 pending, 1 dispatched, 2 accepted, 3 closed, 4 actively ended. */
    status: smallint('status').notNull().default(0),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    alarmId: integer('alarm_id').references(() => alarmLog.id, { onDelete: 'set null' }),
    /** SPEC 4: 0 on-site, 1 off-site (repairs). */
    repairType: smallint('repair_type'),
    priority: smallint('priority').notNull().default(1),
    dueAt: ts('due_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** The checklist with the latest recorded result of each item. */
    checklist: jsonb('checklist').$type<ChecklistItem[]>().notNull().default(sql`'[]'::jsonb`),
    planId: integer('plan_id'),
    /** The device ledger asset the order concerns. */
    assetId: integer('asset_id').references(() => ledgerAssets.id, { onDelete: 'set null' }),
    recordId: integer('record_id').references(() => enforcementRecords.id, { onDelete: 'set null' }),
    /** Set when the leader's tick noticed the assignee (cleared when the due time or assignee changes). */
    dueSoonNoticedAt: ts('due_soon_noticed_at'),
    overdueNoticedAt: ts('overdue_noticed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    index('work_orders_owner_idx').on(t.ownerUserId, t.id),
    index('work_orders_assignee_idx').on(t.assigneeId, t.status),
    index('work_orders_device_idx').on(t.deviceId),
    index('work_orders_alarm_idx').on(t.alarmId),
    index('work_orders_asset_idx').on(t.assetId),
    index('work_orders_due_idx').on(t.status, t.dueAt),
    index('work_orders_record_idx').on(t.recordId),
  ],
);

/**
 * Append-only history of a work order: every transition and every piece of recorded work with who,
 * when and what. The repository only inserts; a database trigger (migration 0024, hand-written part)
 * refuses UPDATE, so not even a bug can rewrite what a technician signed.
 */
export const workOrderHistory = pgTable(
  'work_order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    /** 'create' or a WORK_ORDER_EVENTS event. */
    event: text('event').notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name when it acted (the user may be renamed or deleted later). */
    actorName: text('actor_name').notNull(),
    note: text('note').notNull().default(''),
    assigneeId: integer('assignee_id'),
    assigneeName: text('assignee_name'),
    photos: jsonb('photos').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    signature: text('signature'),
    checklist: jsonb('checklist').$type<ChecklistItem[]>().notNull().default(sql`'[]'::jsonb`),
    parts: jsonb('parts').$type<PartUsed[]>().notNull().default(sql`'[]'::jsonb`),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('work_order_history_order_idx').on(t.orderId, t.id)],
);

/** Photos and signatures uploaded to an order, stored by content hash (`DATA_DIR/files/maintenance`). */
export const workOrderFiles = pgTable(
  'work_order_files',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    kind: text('kind').$type<WorkOrderFileKind>().notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('work_order_files_order_hash_uq').on(t.orderId, t.hash),
    index('work_order_files_hash_idx').on(t.hash),
  ],
);
