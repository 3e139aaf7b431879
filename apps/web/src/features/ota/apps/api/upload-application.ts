import type { OtaApplicationRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ensureFreshToken, notifyError } from '../../../../shared/api/client';
import { ApiError, LocalCode } from '../../../../shared/api/errors';
import { getToken } from '../../../../shared/session/token';
import { otaAppKeys } from './keys';

export interface UploadInput {
  file: File;
  name: string;
  version: string;
  models: string;
  counter: number;
  notes: string;
  expires_days: number;
  /** 0..100 while the bytes go up. */
  onProgress?: (percent: number) => void;
}

/**
 * POST /ota/applications as multipart/form-data. XMLHttpRequest rather than fetch: it reports upload
 * progress, which a package of tens of megabytes needs. Errors are the client's ApiError, shown the
 * usual way (SPEC 8).
 */
export async function uploadApplication(input: UploadInput): Promise<OtaApplicationRow> {
  const path = '/ota/applications';
  await ensureFreshToken(path);
  const form = new FormData();
  for (const key of ['name', 'version', 'models', 'notes'] as const) form.append(key, input[key]);
  form.append('counter', String(input.counter));
  form.append('expires_days', String(input.expires_days));
  form.append('file', input.file, input.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('X-Token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) input.onProgress?.(Math.round((e.loaded * 100) / e.total));
    };
    xhr.onerror = () => reject(new ApiError(LocalCode.NETWORK, 'network error'));
    xhr.onload = () => {
      let body: {
        code?: number;
        msg?: string;
        data?: unknown;
        msg_key?: string;
        msg_params?: Record<string, string | number>;
      };
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        reject(new ApiError(LocalCode.NO_CODE, xhr.statusText || `HTTP ${xhr.status}`, null, xhr.status));
        return;
      }
      if (body.code === 0) resolve(body.data as OtaApplicationRow);
      else
        reject(
          new ApiError(body.code ?? LocalCode.NO_CODE, body.msg ?? '', body.data ?? null, xhr.status, {
            msgKey: body.msg_key,
            msgParams: body.msg_params,
          }),
        );
    };
    xhr.send(form);
  });
}

export function useUploadApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadApplication,
    onError: (error) => notifyError(error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: otaAppKeys.lists() }),
  });
}
