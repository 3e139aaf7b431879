import { API_BASE, api } from '../../../shared/api/client';
import { saveBlob } from '../../../shared/api/download';
import { ApiError, LocalCode } from '../../../shared/api/errors';
import { getToken } from '../../../shared/session/token';

/** Authorised raw fetch for what the JSON client does not carry: file download and multipart upload. */
async function rawFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set('X-Token', token);
  try {
    return await fetch(`${API_BASE}${path}`, { ...init, headers });
  } catch (error) {
    throw new ApiError(LocalCode.NETWORK, error instanceof Error ? error.message : 'network error');
  }
}

/** Unwraps an envelope answer, throwing ApiError (with data) on a nonzero code. */
export async function envelopeOf<T>(response: Response): Promise<T> {
  const payload = (await response.json().catch(() => null)) as {
    code?: number;
    msg?: string;
    data?: unknown;
  } | null;
  if (!payload || typeof payload.code !== 'number')
    throw new ApiError(LocalCode.NO_CODE, response.statusText, null, response.status);
  if (payload.code !== 0)
    throw new ApiError(payload.code, payload.msg ?? '', payload.data ?? null, response.status);
  return payload.data as T;
}

/** Downloads a file answer (GET with the token) and saves it under `filename`. */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const response = await rawFetch(path);
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    await envelopeOf(response);
    throw new ApiError(LocalCode.NO_CODE, response.statusText, null, response.status);
  }
  saveBlob(await response.blob(), filename);
}

/** POST multipart with one file field. */
export function uploadFile<T>(path: string, field: string, file: Blob, name: string): Promise<T> {
  return api.upload<T>(path, { field, blob: file, name });
}
