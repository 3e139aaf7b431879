// Every table of the platform; drizzle-kit reads this file to generate migrations.

export * from '../../gateways/mqtt/session-slots.table.js';
export * from '../../modules/alarms/alarms.table.js';
export * from '../../modules/auth/auth.table.js';
export * from '../../modules/commands/commands.table.js';
export * from '../../modules/companies/companies.table.js';
export * from '../../modules/connectivity/connectivity.table.js';
export * from '../../modules/contacts/contacts.table.js';
export * from '../../modules/customize/customize.table.js';
export * from '../../modules/devices/device-counters.table.js';
export * from '../../modules/devices/devices.table.js';
export * from '../../modules/exports/exports.table.js';
export * from '../../modules/graphlib/graphlib.table.js';
export * from '../../modules/groups/groups.table.js';
export * from '../../modules/ledger/ledger.table.js';
export * from '../../modules/models/models.table.js';
export * from '../../modules/ota/registry.table.js';
export * from '../../modules/reports/reports.table.js';
export * from '../../modules/scada/scada.table.js';
export * from '../../modules/sms/sms.table.js';
export * from '../../modules/system/system.table.js';
export * from '../../modules/templates/templates.table.js';
export * from '../../modules/triggers/triggers.table.js';
export * from '../../modules/users/users.table.js';
export * from '../../pipeline/pipeline.table.js';
export * from '../../pipeline/rollup.table.js';
export * from '../jobs/jobs.table.js';
