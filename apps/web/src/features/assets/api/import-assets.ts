import type { AssetImportResult } from '@fleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '../../devices/api/transfer';
import { useInvalidate } from './invalidate-assets';

/** POST /maintenance/asset/import: all or nothing; the answer lists every failed row. */
export function useImportAssets() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile<AssetImportResult>('/maintenance/asset/import', 'file', file, file.name),
    onSuccess: (result) => (result.created > 0 ? invalidate() : undefined),
  });
}
