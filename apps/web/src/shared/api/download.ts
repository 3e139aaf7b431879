import { baseHeaders, buildUrl, ensureFreshToken, type QueryValue } from './client';
import { ApiError, LocalCode } from './errors';

/** Files take longer to build than JSON answers (an export may hold 50,000 rows). */
const DOWNLOAD_TIMEOUT_MS = 120_000;

export interface DownloadResult {
  /** The name the file was saved under (the server's, else the last path segment). */
  filename: string;
  /** The answer's headers, for flags such as `X-Truncated`. */
  headers: Headers;
}

/**
 * The file name of a `Content-Disposition` header: RFC 5987 `filename*=UTF-8''...` first (non-ASCII
 * names), then plain `filename="..."`; null when there is none.
 */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A broken encoding falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  return name || null;
}

/** Throws the answer's business error (an error answer of a file route is a JSON envelope). */
async function failureOf(response: Response): Promise<ApiError> {
  const payload = (await response.json().catch(() => null)) as {
    code?: number;
    msg?: string;
    data?: unknown;
  } | null;
  if (payload && typeof payload.code === 'number' && payload.code !== 0) {
    return new ApiError(payload.code, payload.msg ?? '', payload.data ?? null, response.status);
  }
  return new ApiError(LocalCode.NO_CODE, response.statusText, null, response.status);
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * GET a file route of the API with the session token (X-Token) and save what it answers under the
 * server's file name. Errors are ApiErrors, not shown: the caller decides (usually `notifyError`).
 */
export async function downloadFile(
  path: string,
  query?: Record<string, QueryValue>,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<DownloadResult> {
  await ensureFreshToken(path);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const headers = baseHeaders();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), { headers, signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted && !options.signal?.aborted) {
        throw new ApiError(LocalCode.TIMEOUT, 'timeout');
      }
      throw new ApiError(LocalCode.NETWORK, error instanceof Error ? error.message : 'network error');
    }
    const type = response.headers.get('content-type') ?? '';
    // An error answer of a file route is a JSON envelope; a JSON *file* (a SCADA export) comes as an
    // attachment, which an envelope never does.
    const attachment = /^\s*attachment/i.test(response.headers.get('content-disposition') ?? '');
    if (!response.ok || (type.includes('application/json') && !attachment)) throw await failureOf(response);
    const blob = await response.blob();
    const filename =
      filenameOf(response.headers.get('content-disposition')) ?? path.split('/').pop() ?? 'download';
    saveBlob(blob, filename);
    return { filename, headers: response.headers };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
