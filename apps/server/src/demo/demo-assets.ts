/** The demo account's device ledger (issue 22 item 1): assets, some linked to demo devices. */
import type { AssetInput } from '@fleet/contracts';
import { createAssetServices, createMaintenanceServices } from '../modules/maintenance/maintenance.module.js';
import type { Executor } from '../platform/db/client.js';
import { demoAssetsRepository as repo } from './demo-assets.repository.js';
import { ownerScope } from './demo-maintenance.js';
import { demoMaintenanceRepository } from './demo-maintenance.repository.js';

const DAY = 86_400_000;
const day = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

/**
 * Once per database (skipped when the demo account has any asset): four assets of a pump station, the
 * first two linked to demo devices, one whose warranty ends in 12 days, one out of warranty; and a
 * repair order raised on the first, so its detail shows a repair history.
 */
export async function ensureDemoAssets(db: Executor, ownerUserId: number, now = new Date()) {
  if ((await repo.assetCount(db, ownerUserId)) > 0) return;
  const path = await demoMaintenanceRepository.userPath(db, ownerUserId);
  if (!path) return;
  const scope = ownerScope(ownerUserId, path);
  const service = createAssetServices(db, () => now);
  const devices = await repo.devices(db, ownerUserId, 2);
  const base = { model: '', category: '', location: '', lat: null, lng: null, supplier: '', notes: '' };
  const assets: AssetInput[] = [
    {
      ...base,
      code: 'PUMP-001',
      name: 'Inlet pump 1',
      model: 'CR 32-2',
      category: 'Pump',
      location: 'Pump house A, bay 1',
      lat: 31.2304,
      lng: 121.4737,
      supplier: 'Grundfos',
      installed_on: day(now, -700),
      warranty_until: day(now, 12),
      status: 0,
      device_id: devices[0]?.id ?? null,
    },
    {
      ...base,
      code: 'SENS-010',
      name: 'Room climate sensor',
      model: 'TH-200',
      category: 'Sensor',
      location: 'Control room',
      lat: 31.2312,
      lng: 121.4751,
      supplier: 'Acme Sensors',
      installed_on: day(now, -200),
      warranty_until: day(now, 530),
      status: 0,
      device_id: devices[1]?.id ?? null,
    },
    {
      ...base,
      code: 'VALVE-003',
      name: 'Relief valve DN50',
      model: 'RV-50',
      category: 'Valve',
      location: 'Pump house A, outlet',
      supplier: 'Valveco',
      installed_on: day(now, -1500),
      warranty_until: day(now, -400),
      status: 0,
      notes: 'Seal replaced once.',
      device_id: null,
    },
    {
      ...base,
      code: 'TANK-002',
      name: 'Storage tank 2',
      category: 'Tank',
      location: 'Yard',
      installed_on: null,
      warranty_until: null,
      status: 1,
      device_id: null,
    },
  ];
  const created = [];
  for (const asset of assets) created.push(await service.create(scope, asset));
  const { orders } = createMaintenanceServices(db, () => now);
  await orders.create(scope, {
    type: 0,
    title: 'Warranty check before expiry: Inlet pump 1',
    description: 'The warranty ends soon: have the supplier inspect the seals.',
    asset_id: created[0]!.id,
    priority: 1,
    due_at: new Date(now.getTime() + 7 * DAY),
    checklist: ['Inspect the mechanical seal', 'Record vibration'],
  });
}
