import type { Envelope, LoginResult } from '@fleet/contracts';
import i18n from '../i18n';
import { clearSession, getRefreshToken, getToken, needsRefresh, saveSession } from '../session/token';
import { useSettings } from '../store/settings';
import { ApiError, LocalCode, reactionTo } from './errors';

export const API_BASE = '/api/v1';
/** SPEC 7 / 9: request timeout. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** An upload (a 50 MB video from a phone on a site's network) may take minutes, not seconds. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;
/** SPEC 8: error toasts last 5 s. */
export const ERROR_TOAST_SECONDS = 5;

const LOGIN_PATHS = new Set(['/login/login', '/login/refreshtoken', '/login/demo']);

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, QueryValue>;
  body?: unknown;
  timeoutMs?: number;
  /** false: the caller shows the error itself (default true: toasts / dialogs per SPEC 8). */
  notify?: boolean;
  signal?: AbortSignal;
}

/** How the client talks to the user; the app wires Ant Design in, tests wire spies in. */
export interface Notifier {
  error(text: string, durationSeconds: number): void;
  /** Show the single 'session expired' confirm dialog; call onConfirm when the user accepts, onClose always. */
  confirmSessionExpired(
    texts: { title: string; content: string; okText: string },
    onConfirm: () => void,
    onClose: () => void,
  ): void;
}

/** Until the app wires its notifier in, messages wait in a queue (guard loaders run before React mounts). */
let pending: Array<(n: Notifier) => void> = [];
const queueingNotifier: Notifier = {
  error: (text, duration) => {
    pending.push((n) => n.error(text, duration));
  },
  confirmSessionExpired: (texts, onConfirm, onClose) => {
    pending.push((n) => n.confirmSessionExpired(texts, onConfirm, onClose));
  },
};

let notifier: Notifier = queueingNotifier;
let onSessionExpiredConfirmed: () => void = () => {
  clearSession();
  location.reload();
};
let sessionDialogOpen = false;
let refreshing: Promise<void> | null = null;

export function configureApiClient(options: {
  notifier?: Notifier;
  onSessionExpiredConfirmed?: () => void;
}): void {
  if (options.notifier) {
    notifier = options.notifier;
    const queued = pending;
    pending = [];
    for (const show of queued) show(notifier);
  }
  if (options.onSessionExpiredConfirmed) onSessionExpiredConfirmed = options.onSessionExpiredConfirmed;
}

/** Test helper: forget in-flight refreshes and open dialogs. */
export function resetApiClientState(): void {
  refreshing = null;
  sessionDialogOpen = false;
  pending = [];
  notifier = queueingNotifier;
}

/**
 * Headers of every API call: the user's chosen language as Accept-Language, so what the platform
 * creates for the user (export titles, copies, a new drawing's first page) is named in it.
 */
export function baseHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': useSettings.getState().language };
  const token = getToken();
  if (token) headers['X-Token'] = token;
  return headers;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** One fetch with timeout, envelope unwrapping and ApiError on any failure. No refresh, no toasts. */
async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const outer = options.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer) {
    if (outer.aborted) controller.abort(outer.reason);
    else outer.addEventListener('abort', onOuterAbort, { once: true });
  }

  // A FormData body is multipart: the browser writes its Content-Type with the boundary.
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json', ...baseHeaders() };
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : multipart
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError(LocalCode.TIMEOUT, 'timeout');
    if (outer?.aborted) throw error;
    throw new ApiError(LocalCode.NETWORK, error instanceof Error ? error.message : 'network error');
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }

  let payload: Partial<Envelope<T>> | undefined;
  try {
    payload = (await response.json()) as Partial<Envelope<T>>;
  } catch {
    payload = undefined;
  }
  if (!payload || typeof payload.code !== 'number') {
    throw new ApiError(
      LocalCode.NO_CODE,
      response.statusText || `HTTP ${response.status}`,
      null,
      response.status,
    );
  }
  if (payload.code !== 0) {
    const translatable = payload as { msg_key?: unknown; msg_params?: unknown };
    throw new ApiError(payload.code, payload.msg ?? '', payload.data ?? null, response.status, {
      msgKey: typeof translatable.msg_key === 'string' ? translatable.msg_key : undefined,
      msgParams:
        translatable.msg_params && typeof translatable.msg_params === 'object'
          ? (translatable.msg_params as Record<string, string | number>)
          : undefined,
    });
  }
  return payload.data as T;
}

async function refreshSession(): Promise<void> {
  // Tabs share the cookies: the first tab to take the lock refreshes, the others then find a fresh
  // token and go on (the server honours a just-replaced token briefly, for browsers without locks).
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) await locks.request('fleet-token-refresh', refreshIfStillDue);
  else await refreshIfStillDue();
}

async function refreshIfStillDue(): Promise<void> {
  const refresh_token = getRefreshToken();
  if (!refresh_token || !needsRefresh()) return;
  try {
    const result = await send<LoginResult>('/login/refreshtoken', {
      method: 'POST',
      body: { token: getToken(), refresh_token },
    });
    saveSession(result);
  } catch (error) {
    // A refused refresh token ends the session; the next call then meets 10010 and says so.
    if (error instanceof ApiError && error.code > 0) clearSession();
  }
}

/** SPEC 4: before a call (not login/refresh) with a token near expiry, ONE refresh runs; others wait. */
export async function ensureFreshToken(path: string): Promise<void> {
  if (LOGIN_PATHS.has(path)) return;
  if (refreshing) {
    await refreshing;
    return;
  }
  if (!needsRefresh()) return;
  refreshing = refreshSession().finally(() => {
    refreshing = null;
  });
  await refreshing;
}

function showSessionExpired(): void {
  if (sessionDialogOpen) return;
  sessionDialogOpen = true;
  notifier.confirmSessionExpired(
    {
      title: i18n.t('errors.sessionExpiredTitle'),
      content: i18n.t('errors.sessionExpired'),
      okText: i18n.t('errors.relogin'),
    },
    () => onSessionExpiredConfirmed(),
    () => {
      sessionDialogOpen = false;
    },
  );
}

/** Show an error the way SPEC 8 says. Exported for callers that caught an error with notify: false. */
export function notifyError(error: unknown): void {
  const reaction = reactionTo(error, (key) => i18n.t(key), i18n.language);
  if (reaction.kind === 'toast') notifier.error(reaction.text, ERROR_TOAST_SECONDS);
  else if (reaction.kind === 'session-expired') showSessionExpired();
}

/** The only way the app talks to the server. Resolves with `data` of a code-0 answer. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  await ensureFreshToken(path);
  try {
    return await send<T>(path, options);
  } catch (error) {
    if (options.notify !== false && !(options.signal?.aborted && !(error instanceof ApiError))) {
      notifyError(error);
    }
    throw error;
  }
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>, options?: Omit<RequestOptions, 'query'>) =>
    request<T>(path, { ...options, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, query?: Record<string, QueryValue>, options?: Omit<RequestOptions, 'query'>) =>
    request<T>(path, { ...options, method: 'DELETE', query }),
  /**
   * POST multipart: `fields` first, then the file under `field` (servers read the fields before the
   * file's stream). No toast by default: upload mutations show their error where the file was chosen.
   */
  upload: <T>(
    path: string,
    file: { field: string; blob: Blob; name: string },
    fields: Record<string, string> = {},
    options: Omit<RequestOptions, 'body' | 'method'> = {},
  ) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append(file.field, file.blob, file.name);
    return request<T>(path, {
      notify: false,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      ...options,
      method: 'POST',
      body: form,
    });
  },
};

/** An error toast with SPEC 8's duration, for messages that did not come from a request. */
export function showError(text: string): void {
  notifier.error(text, ERROR_TOAST_SECONDS);
}
