import type { AssetFileRow } from '@fleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '../../devices/api/transfer';
import { useInvalidate } from './invalidate-assets';

export function useUploadAssetFile() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) =>
      uploadFile<AssetFileRow>(`/maintenance/asset/${id}/files`, 'file', file, file.name),
    onSuccess: invalidate,
  });
}
