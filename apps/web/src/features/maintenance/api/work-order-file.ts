import { useQuery } from '@tanstack/react-query';
import { API_BASE, ensureFreshToken } from '../../../shared/api/client';
import { getToken } from '../../../shared/session/token';
import { workOrderKeys } from './keys';

/**
 * GET /maintenance/work-orders/{id}/files/{hash} as an object URL: an <img> cannot send the X-Token
 * header, so the bytes are fetched and shown from memory. Content-addressed: never stale.
 */
export async function fetchWorkOrderFile(
  orderId: number,
  hash: string,
  signal?: AbortSignal,
): Promise<string> {
  const path = `/maintenance/work-orders/${orderId}/files/${hash}`;
  await ensureFreshToken(path);
  const token = getToken();
  const res = await fetch(`${API_BASE}${path}`, { signal, headers: token ? { 'X-Token': token } : {} });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

export function useWorkOrderFile(orderId: number, hash: string) {
  return useQuery({
    queryKey: workOrderKeys.file(orderId, hash),
    queryFn: ({ signal }) => fetchWorkOrderFile(orderId, hash, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: false,
  });
}
