import { useQuery } from '@tanstack/react-query';
import { API_BASE, ensureFreshToken } from '../../../shared/api/client';
import { getToken } from '../../../shared/session/token';
import { enforcementKeys } from './enforcement';

/** A record's photo or video as an object URL (an <img>/<video> cannot send the X-Token header). */
export function useEnforcementFile(id: number, hash: string) {
  return useQuery({
    queryKey: enforcementKeys.file(id, hash),
    queryFn: async ({ signal }) => {
      const path = `/maintenance/enforcement/${id}/files/${hash}`;
      await ensureFreshToken(path);
      const token = getToken();
      const res = await fetch(`${API_BASE}${path}`, { signal, headers: token ? { 'X-Token': token } : {} });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return URL.createObjectURL(await res.blob());
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: false,
  });
}
