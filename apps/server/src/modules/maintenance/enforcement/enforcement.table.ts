import type { EnforcementFileKind, EnforcementType } from '@fleet/contracts';
import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { devices } from '../../devices/devices.table.js';
import { users } from '../../users/users.table.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Law enforcement records (issue 22 item 5, docs/maintenance.md). Append-only and chained per tenant:
 * `hash` is the SHA-256 of the canonical serialisation of the hashed columns, the record's files and
 * `prev_hash` (the tenant's previous record's hash). A trigger (migration 0026, hand-written part)
 * refuses changing a hashed column and deleting a record while its tenant exists.
 *
 * `device_id` is the live link (set null when the device goes); `device_ref` and `device_title` are
 * the device as recorded, and are what is hashed. `asset_id` names a device ledger asset (no foreign
 * key: the ledger is another module's table).
 */
export const enforcementRecords = pgTable(
  'enforcement_records',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1..n within the tenant. */
    seq: integer('seq').notNull(),
    type: text('type').$type<EnforcementType>().notNull(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    deviceRef: integer('device_ref'),
    deviceTitle: text('device_title').notNull().default(''),
    assetId: integer('asset_id'),
    site: text('site').notNull().default(''),
    lat: numeric('lat', { precision: 10, scale: 7 }),
    lng: numeric('lng', { precision: 10, scale: 7 }),
    occurredAt: ts('occurred_at').notNull(),
    /** The officer as recorded (no foreign key: the record outlives a deleted account). */
    officerId: integer('officer_id').notNull(),
    officerName: text('officer_name').notNull(),
    description: text('description').notNull(),
    createdAt: ts('created_at').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('enforcement_records_owner_seq_uq').on(t.ownerUserId, t.seq),
    index('enforcement_records_device_idx').on(t.deviceId),
    index('enforcement_records_occurred_idx').on(t.ownerUserId, t.occurredAt),
  ],
);

/** The photos and videos of a record, in order; stored by content hash (`DATA_DIR/files/enforcement`). */
export const enforcementRecordFiles = pgTable(
  'enforcement_record_files',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => enforcementRecords.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    hash: text('hash').notNull(),
    kind: text('kind').$type<EnforcementFileKind>().notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('enforcement_record_files_position_uq').on(t.recordId, t.position),
    index('enforcement_record_files_hash_idx').on(t.hash),
  ],
);

/** Files uploaded for records not yet created: a create names them; they belong to the tenant. */
export const enforcementUploads = pgTable(
  'enforcement_uploads',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    hash: text('hash').notNull(),
    kind: text('kind').$type<EnforcementFileKind>().notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('enforcement_uploads_owner_hash_uq').on(t.ownerUserId, t.hash)],
);
