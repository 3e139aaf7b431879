import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { assetKeys } from './assets';

export function useAssetCategories() {
  return useQuery({
    queryKey: assetKeys.categories(),
    queryFn: ({ signal }) =>
      api.get<string[]>('/maintenance/asset/categories', undefined, { signal, notify: false }),
    staleTime: 60_000,
  });
}
