import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useInvalidate } from './invalidate-assets';

export function useDeleteAssetFile() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, hash }: { id: number; hash: string }) =>
      api.delete<null>(`/maintenance/asset/${id}/files/${hash}`),
    onSuccess: invalidate,
  });
}
