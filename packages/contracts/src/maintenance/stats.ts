import { z } from 'zod';

/** Maintenance figures (issue 22 item 6, docs/maintenance.md "Figures"). */

export const STATS_WINDOWS = [7, 30, 90, 365] as const;

/** GET /maintenance/stats */
export const maintenanceStatsQuery = z.object({
  /** The window: the last N days up to now. */
  days: z.coerce
    .number()
    .int()
    .refine((v) => (STATS_WINDOWS as readonly number[]).includes(v), 'expected 7, 30, 90 or 365')
    .default(30),
  device_id: z.coerce.number().int().positive().optional(),
});
export type MaintenanceStatsQuery = z.infer<typeof maintenanceStatsQuery>;

export const deviceStatsRow = z.object({
  device_id: z.number().int(),
  device_title: z.string(),
  /** Repair orders raised in the window (each is one failure; from an alarm it starts at the alarm). */
  failures: z.number().int(),
  /** Repair orders of the window that are closed. */
  repaired: z.number().int(),
  /** Mean hours from the failure (the alarm, else the order's creation) to the close. */
  mttr_hours: z.number().nullable(),
  /** Mean hours between consecutive failures of the device (at least two). */
  mtbf_hours: z.number().nullable(),
  /** Open orders of the device past their due time. */
  overdue: z.number().int(),
});
export type DeviceStatsRow = z.infer<typeof deviceStatsRow>;

/** The same figures per device ledger asset (repair orders naming the asset). */
export const assetStatsRow = deviceStatsRow.omit({ device_id: true, device_title: true }).extend({
  asset_id: z.number().int(),
  /** The asset's code and name. */
  asset_title: z.string(),
});
export type AssetStatsRow = z.infer<typeof assetStatsRow>;

export const technicianStatsRow = z.object({
  assignee_id: z.number().int(),
  name: z.string(),
  /** Orders closed in the window while assigned to this user. */
  closed: z.number().int(),
  /** Mean hours from the order's creation to its close. */
  mean_close_hours: z.number().nullable(),
  /** Open orders assigned to this user past their due time. */
  overdue: z.number().int(),
});
export type TechnicianStatsRow = z.infer<typeof technicianStatsRow>;

export const maintenanceStats = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    failures: z.number().int(),
    repaired: z.number().int(),
    mttr_hours: z.number().nullable(),
    mtbf_hours: z.number().nullable(),
    overdue: z.number().int(),
    closed: z.number().int(),
  }),
  devices: z.array(deviceStatsRow),
  assets: z.array(assetStatsRow),
  technicians: z.array(technicianStatsRow),
});
export type MaintenanceStats = z.infer<typeof maintenanceStats>;
