import type {
  OtaApplicationRow,
  OtaDeviceState,
  OtaFailureReason,
  OtaPlanLevel,
  OtaPlanState,
  OtaPlanType,
} from '@fleet/contracts';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { otaGateways } from './registry.table.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Firmware packages (docs/api-ota.md "Applications"): the bytes live in the content-addressed store
 * `DATA_DIR/files/ota/<2 hex>/<sha256>` (outside the web root); the row keeps the manifest exactly as
 * signed with the platform's Ed25519 key and its signature.
 */
export const otaApplications = pgTable(
  'ota_applications',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    version: text('version').notNull(),
    models: jsonb('models').$type<string[]>().notNull(),
    counter: integer('counter').notNull(),
    notes: text('notes').notNull().default(''),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    filename: text('filename').notNull().default(''),
    manifest: jsonb('manifest').$type<OtaApplicationRow['manifest']>().notNull(),
    signature: text('signature').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ota_applications_owner_idx').on(t.ownerUserId),
    index('ota_applications_sha_idx').on(t.sha256),
  ],
);

/**
 * OTA plans (SPEC 3, DESIGN 13): type 1 parameters or 2 firmware, level 0 listed gateways or 1 all of
 * the owner's (snapshotted into `ota_plan_devices` at creation), and the rollout policy the leader's
 * tick applies through rollout-machine.ts.
 */
export const otaPlans = pgTable(
  'ota_plans',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: integer('type').$type<OtaPlanType>().notNull(),
    level: integer('level').$type<OtaPlanLevel>().notNull(),
    planControlCount: integer('plan_control_count'),
    applicationId: integer('application_id').references(() => otaApplications.id, { onDelete: 'restrict' }),
    params: jsonb('params').$type<Record<string, unknown>>(),
    paramVersion: integer('param_version'),
    state: text('state').$type<OtaPlanState>().notNull(),
    stateReason: text('state_reason'),
    groupSizes: jsonb('group_sizes').$type<number[]>().notNull(),
    successPercent: integer('success_percent').notNull(),
    failurePercent: integer('failure_percent').notNull(),
    ratePerMinute: integer('rate_per_minute').notNull(),
    startDelayMaxS: integer('start_delay_max_s').notNull(),
    /** Groups up to this index finished below the success share and a resume accepted them. */
    acceptedThroughGroup: integer('accepted_through_group').notNull().default(-1),
    /** Origin the plan's creator reached the platform at: firmware notices link the package there. */
    packageBaseUrl: text('package_base_url').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('ota_plans_owner_idx').on(t.ownerUserId), index('ota_plans_state_idx').on(t.state)],
);

/** Where each gateway of a plan stands (queued ... reported, or failed with a reason). */
export const otaPlanDevices = pgTable(
  'ota_plan_devices',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => otaPlans.id, { onDelete: 'cascade' }),
    gatewayId: integer('gateway_id').references(() => otaGateways.id, { onDelete: 'set null' }),
    imei: text('imei').notNull(),
    position: integer('position').notNull(),
    groupIndex: integer('group_index').notNull(),
    state: text('state').$type<OtaDeviceState>().notNull().default('queued'),
    reason: text('reason').$type<OtaFailureReason>(),
    detail: text('detail'),
    bytes: bigint('bytes', { mode: 'number' }),
    version: text('version'),
    notifiedAt: ts('notified_at'),
    /** When the notice tells the gateway to start (notified + random delay): timeouts count from it. */
    startAt: ts('start_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ota_plan_devices_plan_pos_uq').on(t.planId, t.position),
    index('ota_plan_devices_imei_idx').on(t.imei, t.state),
    index('ota_plan_devices_notified_idx').on(t.planId, t.notifiedAt),
  ],
);

/** Every step of every device (ota.Log); failed steps with their detail are the error traces (ota.Strace). */
export const otaLog = pgTable(
  'ota_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').notNull(),
    planName: text('plan_name').notNull(),
    imei: text('imei').notNull(),
    state: text('state').$type<OtaDeviceState>().notNull(),
    reason: text('reason').$type<OtaFailureReason>(),
    detail: text('detail'),
    version: text('version'),
    bytes: bigint('bytes', { mode: 'number' }),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('ota_log_owner_at_idx').on(t.ownerUserId, t.at),
    index('ota_log_plan_idx').on(t.planId),
    index('ota_log_failed_idx').on(t.ownerUserId, t.state, t.at),
  ],
);
