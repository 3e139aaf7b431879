import type { AssetDetail, AssetFileRow, AssetImportResult, AssetRow, ListResult } from '@fleet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api, ensureFreshToken, type QueryValue } from '../../../shared/api/client';
import { downloadFile } from '../../../shared/api/download';
import { getToken } from '../../../shared/session/token';
import { uploadFile } from '../../devices/api/transfer';
import { workOrderKeys } from '../../maintenance/api/keys';

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

export function useAsset(id: number | null) {
  return useQuery({
    queryKey: assetKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<AssetDetail>(`/maintenance/asset/${id}`, undefined, { signal, notify: false }),
    enabled: id !== null && id > 0,
    retry: false,
  });
}

export function useAssetCategories() {
  return useQuery({
    queryKey: assetKeys.categories(),
    queryFn: ({ signal }) =>
      api.get<string[]>('/maintenance/asset/categories', undefined, { signal, notify: false }),
    staleTime: 60_000,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: assetKeys.all });
}

export function useSaveAsset() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AssetInputBody }) =>
      id === null
        ? api.post<AssetDetail>('/maintenance/asset', body)
        : api.put<AssetDetail>(`/maintenance/asset/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteAsset() {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/maintenance/asset/${id}`),
    onSuccess: () =>
      Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: workOrderKeys.all })]),
  });
}

export function useUploadAssetFile() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) =>
      uploadFile<AssetFileRow>(`/maintenance/asset/${id}/files`, 'file', file, file.name),
    onSuccess: invalidate,
  });
}

export function useDeleteAssetFile() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, hash }: { id: number; hash: string }) =>
      api.delete<null>(`/maintenance/asset/${id}/files/${hash}`),
    onSuccess: invalidate,
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

export function useAssetFile(id: number, hash: string, enabled: boolean) {
  return useQuery({
    queryKey: assetKeys.file(id, hash),
    queryFn: ({ signal }) => fetchAssetFile(id, hash, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: false,
  });
}

/** POST /maintenance/asset/import: all or nothing; the answer lists every failed row. */
export function useImportAssets() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile<AssetImportResult>('/maintenance/asset/import', 'file', file, file.name),
    onSuccess: (result) => (result.created > 0 ? invalidate() : undefined),
  });
}

export function downloadAssetTemplate() {
  return downloadFile('/maintenance/asset/template');
}

/** The asset's page: what its QR label encodes. */
export function assetUrl(id: number): string {
  return `${window.location.origin}/maintenance/asset/${id}`;
}
