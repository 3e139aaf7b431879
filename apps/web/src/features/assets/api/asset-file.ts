import { useQuery } from '@tanstack/react-query';
import { assetKeys, fetchAssetFile } from './assets';

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
