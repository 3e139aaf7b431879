import type { AssetRow, ListResult } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE, api, ensureFreshToken, type QueryValue } from '../../../shared/api/client';
import { downloadFile } from '../../../shared/api/download';
import { getToken } from '../../../shared/session/token';

/** Query keys of the device ledger. */
export const assetKeys = {
  all: ['assets'] as const,
  lists: () => [...assetKeys.all, 'list'] as const,
  list: (query: object) => [...assetKeys.lists(), query] as const,
  detail: (id: number) => [...assetKeys.all, 'detail', id] as const,
  categories: () => [...assetKeys.all, 'categories'] as const,
  file: (id: number, hash: string) => [...assetKeys.all, 'file', id, hash] as const,
};

/** What the add / edit form sends (POST / PUT /maintenance/asset). */
export interface AssetInputBody {
  code: string;
  name: string;
  model: string;
  category: string;
  location: string;
  lat: number | null;
  lng: number | null;
  supplier: string;
  installed_on: string | null;
  warranty_until: string | null;
  status: number;
  notes: string;
  device_id: number | null;
}

/** GET /maintenance/asset (docs/maintenance.md "Device ledger"). The page shows its own load error. */
export function useAssets(query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: assetKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<ListResult<AssetRow>>('/maintenance/asset', query, { signal, notify: false }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** An attachment as an object URL (an <img> or a link cannot send the X-Token header). */
export async function fetchAssetFile(id: number, hash: string, signal?: AbortSignal): Promise<string> {
  const path = `/maintenance/asset/${id}/files/${hash}`;
  await ensureFreshToken(path);
  const token = getToken();
  const res = await fetch(`${API_BASE}${path}`, { signal, headers: token ? { 'X-Token': token } : {} });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

export function downloadAssetTemplate() {
  return downloadFile('/maintenance/asset/template');
}

/** The asset's page: what its QR label encodes. */
export function assetUrl(id: number): string {
  return `${window.location.origin}/maintenance/asset/${id}`;
}
