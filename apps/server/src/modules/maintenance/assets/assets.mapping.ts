import {
  ASSET_WARRANTY_SOON_DAYS,
  type AssetFileRow,
  type AssetRow,
  type AssetWarrantyState,
} from '@fleet/contracts';
import type { AssetFileRecord, AssetView, WarrantyWindow } from './assets.repository.js';

const DAY_MS = 86_400_000;

/** A calendar date (YYYY-MM-DD, UTC) `days` after `now`'s. */
export function utcDay(now: Date, days = 0): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today and the end of the "expires soon" window, for the list's warranty filter. */
export function warrantyWindow(now: Date): WarrantyWindow {
  return { today: utcDay(now), soon: utcDay(now, ASSET_WARRANTY_SOON_DAYS) };
}

/**
 * In warranty, expiring (ends within ASSET_WARRANTY_SOON_DAYS, the end day included), out of warranty
 * (ended before today), or none (no end date); `days` from today (UTC) to the end day.
 */
export function warrantyOf(
  until: string | null,
  now: Date,
): { state: AssetWarrantyState; days: number | null } {
  if (!until) return { state: 'none', days: null };
  const days = Math.round(
    (Date.parse(`${until}T00:00:00Z`) - Date.parse(`${utcDay(now)}T00:00:00Z`)) / DAY_MS,
  );
  if (days < 0) return { state: 'out', days };
  return { state: days <= ASSET_WARRANTY_SOON_DAYS ? 'expiring' : 'in', days };
}

export function toAssetRow(a: AssetView, now: Date): AssetRow {
  const warranty = warrantyOf(a.warrantyUntil, now);
  return {
    id: a.id,
    code: a.code,
    name: a.name,
    model: a.model,
    category: a.category,
    location: a.location,
    lat: a.lat,
    lng: a.lng,
    supplier: a.supplier,
    installed_on: a.installedOn,
    warranty_until: a.warrantyUntil,
    warranty: warranty.state,
    warranty_days: warranty.days,
    status: a.status,
    notes: a.notes,
    device_id: a.deviceId,
    device_title: a.deviceTitle,
    files: a.files,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

export function toAssetFileRow(f: AssetFileRecord): AssetFileRow {
  return { hash: f.hash, name: f.name, mime: f.mime, size: f.size, created_at: f.createdAt.toISOString() };
}
