import type { WorkOrderFileKind, WorkOrderFileRow } from '@fleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, notifyError } from '../../../shared/api/client';

export interface UploadWorkOrderFileInput {
  orderId: number;
  kind: WorkOrderFileKind;
  file: Blob;
  name: string;
}

/** POST /maintenance/work-orders/{id}/files (multipart: kind, file): a photo or the signature PNG. */
export function uploadWorkOrderFile(input: UploadWorkOrderFileInput): Promise<WorkOrderFileRow> {
  return api.upload<WorkOrderFileRow>(
    `/maintenance/work-orders/${input.orderId}/files`,
    { field: 'file', blob: input.file, name: input.name },
    { kind: input.kind },
  );
}

export function useUploadWorkOrderFile() {
  return useMutation({ mutationFn: uploadWorkOrderFile, onError: (error) => notifyError(error) });
}
