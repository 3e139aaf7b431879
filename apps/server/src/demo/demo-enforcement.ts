/** The demo account's law enforcement records (issue 22 item 5): a short, intact chain. */
import { createEnforcementServices } from '../modules/maintenance/maintenance.module.js';
import type { Executor } from '../platform/db/client.js';
import { ownerScope } from './demo-maintenance.js';
import { demoMaintenanceRepository as demoRepo } from './demo-maintenance.repository.js';

const HOUR = 3_600_000;

/**
 * Once per database (skipped when the demo account has any record): an inspection of its first
 * device, a violation at a site, and a rectification notice handled as a work order. Written through
 * the service, so the chain is hashed exactly as the API hashes it and verifies intact.
 */
export async function ensureDemoEnforcement(db: Executor, ownerUserId: number, now = new Date()) {
  const { service, chainLength } = createEnforcementServices(db, () => now);
  if ((await chainLength(ownerUserId)) > 0) return;
  const path = await demoRepo.userPath(db, ownerUserId);
  if (!path) return;
  const device = await demoRepo.firstDevice(db, ownerUserId);
  const scope = ownerScope(ownerUserId, path);
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  await service.create(scope, {
    type: 'inspection',
    device_id: device?.id ?? null,
    asset_id: null,
    site: device ? '' : 'Pump station 1',
    lat: 31.2304,
    lng: 121.4737,
    occurred_at: at(50),
    description:
      'Routine safety inspection: guards in place, pressure relief valve sealed, log book up to date.',
    files: [],
  });
  await service.create(scope, {
    type: 'violation',
    device_id: null,
    asset_id: null,
    site: 'Tank farm, north fence',
    lat: 31.2311,
    lng: 121.4752,
    occurred_at: at(26),
    description: 'Fence gate found open and unattended; warning sign missing.',
    files: [],
  });
  const notice = await service.create(scope, {
    type: 'rectification',
    device_id: device?.id ?? null,
    asset_id: null,
    site: 'Pump house',
    lat: null,
    lng: null,
    occurred_at: at(3),
    description: 'Fire extinguisher overdue for inspection: replace within 3 days.',
    files: [],
  });
  await service.handle(scope, notice.id, { priority: 2, due_at: new Date(now.getTime() + 72 * HOUR) }, 'en');
}
