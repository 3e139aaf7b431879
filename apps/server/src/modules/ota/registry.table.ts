import type { OtaGatewayType, OtaSimCarrier, OtaSimStatus } from '@fleet/contracts';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { deviceProjects } from '../groups/groups.table.js';
import { users } from '../users/users.table.js';

/**
 * OTA gateways (docs/api-ota.md): the 4G boxes firmware and parameter plans go to. The IMEI is unique
 * on the platform (a gateway connects by it). `firmware_version` and `param_version` are what the
 * gateway last reported; `firmware_counter` is the anti-rollback counter a package must exceed.
 * `firmware_plan_id` / `param_plan_id` / `plan_at` name the latest plans that included it (no foreign
 * key: plans.table.ts references this table; a deleted plan leaves a dangling id that lists as none).
 * `csq_*` is its latest answer to a csq command (history in `ota_gateway_signal`).
 */
export const otaGateways = pgTable(
  'ota_gateways',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imei: text('imei').notNull(),
    /** Upper case; links to `ota_sims.iccid`. */
    iccid: text('iccid'),
    type: integer('type').$type<OtaGatewayType>().notNull(),
    model: text('model').notNull().default(''),
    defaultPort: integer('default_port'),
    firmwareVersion: text('firmware_version').notNull().default(''),
    firmwareCounter: integer('firmware_counter').notNull().default(0),
    paramVersion: integer('param_version'),
    serverAddress: text('server_address').notNull().default(''),
    pointLimit: integer('point_limit'),
    remark: text('remark').notNull().default(''),
    projectId: integer('project_id').references(() => deviceProjects.id, { onDelete: 'set null' }),
    firmwarePlanId: integer('firmware_plan_id'),
    paramPlanId: integer('param_plan_id'),
    planAt: timestamp('plan_at', { withTimezone: true, precision: 3 }),
    csqRssi: smallint('csq_rssi'),
    csqBer: smallint('csq_ber'),
    csqAt: timestamp('csq_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ota_gateways_imei_uq').on(t.imei),
    index('ota_gateways_owner_idx').on(t.ownerUserId),
    index('ota_gateways_iccid_idx').on(t.iccid),
    index('ota_gateways_project_idx').on(t.projectId),
  ],
);

/** SIM cards (docs/api-ota.md); the ICCID (upper case) is unique on the platform. */
export const otaSims = pgTable(
  'ota_sims',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    iccid: text('iccid').notNull(),
    carrier: text('carrier').$type<OtaSimCarrier>().notNull().default('other'),
    status: text('status').$type<OtaSimStatus>().notNull().default('active'),
    /** Bytes. */
    dataUsed: bigint('data_used', { mode: 'number' }).notNull().default(0),
    dataLimit: bigint('data_limit', { mode: 'number' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ota_sims_iccid_uq').on(t.iccid), index('ota_sims_owner_idx').on(t.ownerUserId)],
);
