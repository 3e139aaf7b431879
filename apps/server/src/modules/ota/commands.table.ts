import type { CommandStatus, OtaCommandKind } from '@fleet/contracts';
import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { otaGateways } from './registry.table.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Gateway commands of SPEC 7 (docs/api-ota.md "Gateway commands") with the SPEC 4 lifecycle:
 * create -> send -> resp | fail | networkError | error; notAuthorized when refused before sending.
 */
export const otaGatewayCommands = pgTable(
  'ota_gateway_commands',
  {
    id: serial('id').primaryKey(),
    gatewayId: integer('gateway_id')
      .notNull()
      .references(() => otaGateways.id, { onDelete: 'cascade' }),
    /** The gateway's owner when the command was made (the gateway may be handed on later). */
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imei: text('imei').notNull(),
    kind: text('kind').$type<OtaCommandKind>().notNull(),
    status: text('status').$type<CommandStatus>().notNull(),
    error: text('error').notNull().default(''),
    projectId: integer('project_id'),
    applicationId: integer('application_id'),
    planId: integer('plan_id'),
    paramVersion: integer('param_version'),
    rssi: smallint('rssi'),
    ber: smallint('ber'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    answeredAt: ts('answered_at'),
  },
  (t) => [
    index('ota_gateway_commands_gateway_idx').on(t.gatewayId, t.id),
    index('ota_gateway_commands_owner_idx').on(t.ownerUserId, t.id),
  ],
);

/** Every csq answer of a gateway (the history chart of its drawer). */
export const otaGatewaySignal = pgTable(
  'ota_gateway_signal',
  {
    id: serial('id').primaryKey(),
    gatewayId: integer('gateway_id')
      .notNull()
      .references(() => otaGateways.id, { onDelete: 'cascade' }),
    rssi: smallint('rssi').notNull(),
    ber: smallint('ber').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('ota_gateway_signal_gateway_at_idx').on(t.gatewayId, t.at)],
);
