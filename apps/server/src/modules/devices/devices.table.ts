import type { TranslateItem } from '@fleet/contracts';
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
  unique,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.js';
import { deviceGroups, deviceProjects } from '../groups/groups.table.js';
import { users } from '../users/users.table.js';

/** A gateway (class DTUGW) or a direct device (class DT), owned by a user (DESIGN 6, 7). */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('device_title').notNull(),
    imei: text('device_imei').notNull().unique(),
    sharecode: text('device_sharecode').notNull().unique(),
    modelId: integer('model_id'),
    deviceModel: text('device_model').notNull().default(''),
    protocol: smallint('protocol').notNull(),
    gatewayProtocol: text('gateway_protocol'),
    deviceClass: text('device_class').$type<'DTUGW' | 'DT'>().notNull(),
    projectId: integer('project_id').references(() => deviceProjects.id, { onDelete: 'set null' }),
    groupId: integer('group_id').references(() => deviceGroups.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    address: text('address').notNull().default(''),
    remark: text('remark').notNull().default(''),
    expireAt: timestamp('expire_at', { withTimezone: true }),
    /** 0 offline, 1 online; set by the pipeline. */
    status: smallint('status').notNull().default(0),
    /** SPEC 4 alarm type code; 0 none. */
    alarmType: smallint('alarm_type').notNull().default(0),
    onlineAt: timestamp('online_at', { withTimezone: true }),
    legacyRegistration: boolean('legacy_registration').notNull().default(false),
    /** Gateway heartbeat packet (SPEC 3 network channel): text, or 0x-prefixed hex; '' none. */
    heartbeat: text('heartbeat').notNull().default(''),
    /** Heartbeat interval in seconds; 0 off (then only a closed connection makes it offline). */
    heartbeatIntervalS: integer('heartbeat_interval_s').notNull().default(120),
    /** Latest signal quality reported (CSQ 0-31, 99 unknown), see device_signal for the log. */
    csq: smallint('csq'),
    templateId: integer('template_id'),
    templateVersion: integer('template_version'),
    // Per-device credentials (none shared or default), stored as salted hashes (secret-hash.ts, migration
    // 0009): the plain secrets are shown once, at creation and rotation.
    mqttPasswordHash: text('mqtt_password').notNull(),
    dtuKeyHash: text('dtu_key').notNull(),
    httpKeyHash: text('http_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('devices_owner_idx').on(t.ownerUserId),
    index('devices_template_idx').on(t.templateId),
    index('devices_group_idx').on(t.groupId),
    index('devices_project_idx').on(t.projectId),
    index('devices_company_idx').on(t.companyId),
  ],
);

/** A device assigned to a user outside the owner's own data (a customer or a sub-account below it). */
export const deviceGrants = pgTable(
  'device_grants',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Title the binder gave when it bound the device by share code. */
    binderTitle: text('binder_title'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.userId] }), index('device_grants_user_idx').on(t.userId)],
);

/** Serial or TCP port of a gateway. */
export const devicePorts = pgTable(
  'device_ports',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<'serial' | 'tcp'>().notNull(),
    baud: integer('baud').notNull(),
    dataBits: smallint('data_bits').notNull(),
    parity: text('parity').$type<'N' | 'O' | 'E'>().notNull(),
    stopBits: smallint('stop_bits').notNull(),
    uartReadMs: integer('uart_read_ms').notNull(),
    pollIntervalS: integer('poll_interval_s').notNull(),
  },
  (t) => [index('device_ports_device_idx').on(t.deviceId)],
);

/** A Modbus / PLC slave behind a gateway; slave ids are unique per gateway. */
export const slaveDevices = pgTable(
  'slave_devices',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    portId: integer('port_id').references(() => devicePorts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slaveId: smallint('slave_id').notNull(),
    templateId: integer('template_id'),
  },
  (t) => [unique('slave_devices_device_slave_uq').on(t.deviceId, t.slaveId)],
);

/** A data point of a device or of one of its slaves (SPEC 3). */
export const dataPoints = pgTable(
  'data_points',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    slaveRef: integer('slave_ref').references(() => slaveDevices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    type: smallint('type').notNull(),
    sourceKind: text('source_kind').notNull(),
    dataType: text('data_type').notNull(),
    area: text('area'),
    address: integer('address'),
    dbNumber: integer('db_number'),
    registerCount: integer('register_count'),
    byteOrder: text('byte_order').notNull(),
    scale: doublePrecision('scale').notNull(),
    offset: doublePrecision('offset').notNull(),
    decimals: smallint('decimals').notNull(),
    unit: text('unit').notNull().default(''),
    storageMode: smallint('storage_mode').notNull(),
    storageIntervalS: integer('storage_interval_s').notNull(),
    tolerance: doublePrecision('tolerance').notNull(),
    collectMode: smallint('collect_mode').notNull(),
    access: text('access').notNull(),
    triggerEnable: smallint('trigger_enable').notNull(),
    lolmt: doublePrecision('lolmt'),
    uplmt: doublePrecision('uplmt'),
    dsConfig: jsonb('ds_config').$type<{ translate: TranslateItem[] }>().notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    unique('data_points_slave_name_uq').on(t.deviceId, t.slaveRef, t.name).nullsNotDistinct(),
    index('data_points_slave_idx').on(t.slaveRef),
  ],
);
