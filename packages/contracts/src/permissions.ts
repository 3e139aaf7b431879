/**
 * Permission strings (SPEC 2.3 route table, SPEC 3 permission kinds). `authList` answers a subset of these.
 * Grouped by menu so people can pick them when building a role (issue: accounts and tenancy).
 */
export const PERMISSION_GROUPS = {
  /** `CustomScreen` opens custom screens; `CustomScreen/edit` designs, publishes and shares them (issue 23). */
  overview: ['PlatformOverView', 'MonitorScreen', 'CustomScreen', 'CustomScreen/edit'],
  monitor: ['Monitor.DeviceMonitor'],
  scada: ['IndScada', 'ScadaManager', 'ScadaNavbarShow'],
  /** `Event/log` handles and deletes alarms; `Event/view` only reads the alarm log (issue 16). */
  /** `TriggerNotice/log` reads the notice log (every SMS, call, e-mail, webhook) and exports it. */
  alarm: ['Event', 'Event/log', 'Event/view', 'Event/online', 'TriggerContact/index', 'TriggerNotice/log'],
  dataCenter: ['DataReportV2', 'ExportFile'],
  device: ['DeviceManage', 'DeviceTemplate', 'DeviceModel', 'DeviceUI', 'DeviceCompany'],
  /** SPEC 3 permission kinds: data view, control device, set parameters. */
  deviceAccess: ['Device/view', 'Device/control', 'Device/setParam'],
  ota: [
    'OtaManager',
    'ota.Device/index',
    'ota.Sim/index',
    'ota.Plan/index',
    'ota.Application/index',
    'ota.Log/index',
    'ota.Strace/index',
  ],
  recharge: [
    'Recharge',
    'Recharge/balance',
    'Recharge/comsume_record',
    'Recharge/renew',
    'Recharge/renew_record',
  ],
  user: [
    'auth.User',
    'auth.User/add',
    'auth.User/edit',
    'auth.User/delete',
    'auth.User/register',
    'auth.Group/index',
    'auth.Group/add',
    'auth.Group/edit',
    'auth.Group/delete',
    'auth.UserLog',
    'auth.Customize',
  ],
  /**
   * Issue 22 (SPEC names none): `index` reads every work order of the tenant, `add` raises orders (by
   * hand or from an alarm), `dispatch` dispatches, closes and ends them (the manager role of the
   * transition table), `handle` is "My work orders" (accept, record work, close, return), and
   * `Repair/index` opens the fault repair page.
   */
  maintenance: [
    'maintenance.WorkOrder/index',
    'maintenance.WorkOrder/add',
    'maintenance.WorkOrder/dispatch',
    'maintenance.WorkOrder/handle',
    'maintenance.Repair/index',
    // The device ledger (asset register): list and read, add (and import), edit (and attachments), delete.
    'maintenance.Asset/index',
    'maintenance.Asset/add',
    'maintenance.Asset/edit',
    'maintenance.Asset/delete',
    // Maintenance plans (index reads, add creates, edit changes, starts, stops, ends and deletes) and
    // the figures page (MTTR, MTBF, overdue, work by technician).
    'maintenance.Plan/index',
    'maintenance.Plan/add',
    'maintenance.Plan/edit',
    'maintenance.Stats/index',
  ],
  /**
   * Issue 22 item 5, law enforcement records: `index` lists, reads, verifies and exports them, `add`
   * creates them (with photos and videos), `handle` raises a work order of type 2 from one.
   */
  enforcement: [
    'maintenance.Enforcement/index',
    'maintenance.Enforcement/add',
    'maintenance.Enforcement/handle',
  ],
  other: ['Others'],
} as const;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type Permission = (typeof PERMISSION_GROUPS)[PermissionGroup][number];
export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_GROUPS).flat() as Permission[];

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/** The role that passes every route check (SPEC 2.2, 6). */
export const ADMIN_ROLE = 'admin';
