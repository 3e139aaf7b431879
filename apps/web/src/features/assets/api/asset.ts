import type { AssetDetail } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { assetKeys } from './assets';

export function useAsset(id: number | null) {
  return useQuery({
    queryKey: assetKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<AssetDetail>(`/maintenance/asset/${id}`, undefined, { signal, notify: false }),
    enabled: id !== null && id > 0,
    retry: false,
  });
}
