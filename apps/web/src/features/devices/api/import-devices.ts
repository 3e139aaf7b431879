import type { ImportImeisBody, ImportResult } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';
import { downloadFile, uploadFile } from './transfer';

export type ImportInput = { file: File } | { imeis: ImportImeisBody };

/** POST /device/import: an xlsx (multipart) or IMEIs one per line. All or nothing; failures in error.data. */
export function importDevices(input: ImportInput): Promise<ImportResult> {
  if ('file' in input) return uploadFile<ImportResult>('/device/import', 'file', input.file, input.file.name);
  return api.post<ImportResult>('/device/import', input.imeis, { notify: false });
}

export function useImportDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDevices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.lists() }),
  });
}

export function downloadImportTemplate() {
  return downloadFile('/device/downloadTemplate', 'devices-template.xlsx');
}
