import type { AssetDetail } from '@fleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { AssetInputBody } from './assets';
import { useInvalidate } from './invalidate-assets';

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
