import type { WorkOrderFileKind, WorkOrderFileRow } from '@fleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, baseHeaders, ensureFreshToken, notifyError } from '../../../shared/api/client';
import { ApiError, LocalCode } from '../../../shared/api/errors';

export interface UploadWorkOrderFileInput {
  orderId: number;
  kind: WorkOrderFileKind;
  file: Blob;
  name: string;
}

/** POST /maintenance/work-orders/{id}/files (multipart: kind, file): a photo or the signature PNG. */
export async function uploadWorkOrderFile(input: UploadWorkOrderFileInput): Promise<WorkOrderFileRow> {
  const path = `/maintenance/work-orders/${input.orderId}/files`;
  await ensureFreshToken(path);
  const form = new FormData();
  form.append('kind', input.kind);
  form.append('file', input.file, input.name);
  const headers = baseHeaders();
  const res = await fetch(`${API_BASE}${path}`, { method: 'POST', body: form, headers });
  const body = (await res.json().catch(() => null)) as {
    code?: number;
    msg?: string;
    data?: unknown;
    msg_key?: string;
    msg_params?: Record<string, string | number>;
  } | null;
  if (body?.code === 0) return body.data as WorkOrderFileRow;
  throw new ApiError(
    body?.code ?? LocalCode.NO_CODE,
    body?.msg ?? res.statusText,
    body?.data ?? null,
    res.status,
    {
      msgKey: body?.msg_key,
      msgParams: body?.msg_params,
    },
  );
}

export function useUploadWorkOrderFile() {
  return useMutation({ mutationFn: uploadWorkOrderFile, onError: (error) => notifyError(error) });
}
