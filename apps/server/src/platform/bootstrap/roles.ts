import { ADMIN_ROLE, ALL_PERMISSIONS, type Permission } from '@fleet/contracts';

export const DEMO_ROLE = 'demo';

/** What the read-only demo account may look at. */
export const DEMO_PERMISSIONS: Permission[] = [
  'PlatformOverView',
  'MonitorScreen',
  // Custom screens (issue 23): the demo's published screen; designing is a change, refused to the demo.
  'CustomScreen',
  'Monitor.DeviceMonitor',
  'IndScada',
  // The SCADA menu group needs both (SPEC 2.3); the account stays read-only: the auth plugin refuses its
  // changes and the web app offers it none.
  'ScadaManager',
  'ScadaNavbarShow',
  'Event',
  'Event/view',
  'Event/online',
  'DataReportV2',
  'DeviceManage',
  'DeviceTemplate',
  'DeviceModel',
  'Device/view',
  // The recharge center's reading pages (issue 20); top-ups are changes, refused to the demo.
  'Recharge',
  'Recharge/balance',
  'Recharge/comsume_record',
  'Recharge/renew',
  'Recharge/renew_record',
  // Maintenance work orders (issue 22): the lists and "My work orders", read only.
  'maintenance.WorkOrder/index',
  'maintenance.WorkOrder/handle',
  'maintenance.Repair/index',
  // Law enforcement records: the list, the detail and the chain's verify, read only.
  'maintenance.Enforcement/index',
  // The device ledger (issue 22 item 1), read only.
  'maintenance.Asset/index',
  // Maintenance plans and figures (issue 22 items 2 and 6), read only.
  'maintenance.Plan/index',
  'maintenance.Stats/index',
];

/** System roles (owner null) kept up to date on every start. */
export const SYSTEM_ROLES = [
  { name: ADMIN_ROLE, permissions: [...ALL_PERMISSIONS] as string[], isAdmin: true },
  { name: DEMO_ROLE, permissions: DEMO_PERMISSIONS as string[], isAdmin: false },
];
