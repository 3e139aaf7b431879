import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
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
 * The device ledger (asset register, issue 22 item 1, docs/maintenance.md "Device ledger"). An asset
 * belongs to its creator's data owner (`owner_user_id`, the tenant); its code is unique per tenant.
 * It may name the monitored device it is (`device_id`, cleared when the device is deleted). Work
 * orders (`work_orders.asset_id`) and maintenance plans (target type 1) name assets by id.
 */
export const ledgerAssets = pgTable(
  'ledger_assets',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    model: text('model').notNull().default(''),
    category: text('category').notNull().default(''),
    location: text('location').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    supplier: text('supplier').notNull().default(''),
    installedOn: date('installed_on', { mode: 'string' }),
    warrantyUntil: date('warranty_until', { mode: 'string' }),
    /** 0 in use, 1 idle, 2 under repair, 3 scrapped. */
    status: smallint('status').notNull().default(0),
    notes: text('notes').notNull().default(''),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_assets_owner_code_uq').on(t.ownerUserId, t.code),
    index('ledger_assets_owner_idx').on(t.ownerUserId, t.id),
    index('ledger_assets_device_idx').on(t.deviceId),
    index('ledger_assets_warranty_idx')
      .on(t.ownerUserId, t.warrantyUntil)
      .where(sql`warranty_until is not null`),
  ],
);

/**
 * Attachments of an asset (photos, manuals, invoices), stored by content hash in
 * `DATA_DIR/files/assets` (platform/files); images are stored with their metadata stripped.
 */
export const ledgerAssetFiles = pgTable(
  'ledger_asset_files',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => ledgerAssets.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_asset_files_asset_hash_uq').on(t.assetId, t.hash),
    index('ledger_asset_files_hash_idx').on(t.hash),
  ],
);
