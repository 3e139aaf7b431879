import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { clearSession, getRefreshToken, getToken, saveSession } from '../session/token';
import { useSettings } from '../store/settings';
import { api, buildUrl, configureApiClient, type Notifier, resetApiClientState } from './client';
import { ApiError, LocalCode } from './errors';

type Call = { url: string; init: RequestInit };

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
const ok = (data: unknown) => jsonResponse({ code: 0, msg: 'ok', data });

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function spyNotifier() {
  const notifier = {
    error: vi.fn<Notifier['error']>(),
    confirmSessionExpired: vi.fn<Notifier['confirmSessionExpired']>(),
  };
  configureApiClient({ notifier });
  return notifier;
}

const headerOf = (call: Call | undefined, name: string) => new Headers(call?.init.headers).get(name);

describe('api client', () => {
  let calls: Call[];
  let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

  beforeEach(async () => {
    resetApiClientState();
    clearSession();
    calls = [];
    fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return fetchMock(url, init);
    });
    await i18n.changeLanguage('en');
  });

  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    await i18n.changeLanguage('zh');
  });

  it('unwraps the envelope, sends X-Token and builds the query string', async () => {
    saveSession({ token: 'T1', refresh_token: 'R1', expires_in: 3600 });
    fetchMock.mockResolvedValue(ok({ hello: 'world' }));
    await expect(api.get('/dict', { key: 'user_type', empty: undefined })).resolves.toEqual({
      hello: 'world',
    });
    expect(calls[0]?.url).toBe('/api/v1/dict?key=user_type');
    expect(headerOf(calls[0], 'X-Token')).toBe('T1');
    expect(buildUrl('/x', { a: 1, b: null, c: '' })).toBe('/api/v1/x?a=1');
  });

  it('uploads multipart: fields, then the file; no JSON content type; errors keep their key, no toast', async () => {
    saveSession({ token: 'T1', refresh_token: 'R1', expires_in: 3600 });
    const notifier = spyNotifier();
    fetchMock.mockResolvedValueOnce(ok({ hash: 'abc' }));
    const blob = new Blob(['x'], { type: 'image/png' });
    await expect(
      api.upload('/files', { field: 'file', blob, name: 'p.png' }, { kind: 'photo' }),
    ).resolves.toEqual({ hash: 'abc' });
    const body = calls[0]?.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()]).toEqual(['kind', 'file']);
    expect((body.get('file') as File).name).toBe('p.png');
    expect(headerOf(calls[0], 'Content-Type')).toBeNull();
    expect(headerOf(calls[0], 'X-Token')).toBe('T1');

    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        code: 10002,
        msg: 'too large',
        data: null,
        msg_key: 'x.tooLarge',
        msg_params: { max: 2 },
      }),
    );
    await expect(api.upload('/files', { field: 'file', blob, name: 'p.png' })).rejects.toMatchObject({
      code: 10002,
      msgKey: 'x.tooLarge',
    });
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it("sends the user's chosen language as Accept-Language", async () => {
    fetchMock.mockImplementation(async () => ok(null));
    useSettings.getState().setLanguage('es');
    await api.get('/dict');
    useSettings.getState().setLanguage('zh');
    await api.get('/dict');
    expect(calls.map((call) => headerOf(call, 'Accept-Language'))).toEqual(['es', 'zh']);
  });

  it('refreshes ONCE when the token is within 30 s of expiry while other calls wait', async () => {
    saveSession({ token: 'OLD', refresh_token: 'R-OLD', expires_in: 20 });
    const refresh = deferred<Response>();
    fetchMock.mockImplementation((url: string) =>
      url.endsWith('/login/refreshtoken') ? refresh.promise : Promise.resolve(ok(url)),
    );

    const pending = [api.get('/a'), api.get('/b'), api.post('/c', { x: 1 })];
    await new Promise((r) => setTimeout(r, 10));
    // only the refresh call has gone out; the three calls are waiting for it
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/login/refreshtoken']);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ token: 'OLD', refresh_token: 'R-OLD' });

    refresh.resolve(ok({ token: 'NEW', refresh_token: 'R-NEW', expires_in: 3600 }));
    await Promise.all(pending);

    const refreshCalls = calls.filter((c) => c.url.endsWith('/login/refreshtoken'));
    expect(refreshCalls).toHaveLength(1);
    expect(calls).toHaveLength(4);
    for (const call of calls.slice(1)) expect(headerOf(call, 'X-Token')).toBe('NEW');
    expect(getToken()).toBe('NEW');
    expect(getRefreshToken()).toBe('R-NEW');
  });

  it('does not refresh a fresh token, nor before login calls', async () => {
    saveSession({ token: 'T', refresh_token: 'R', expires_in: 3600 });
    fetchMock.mockImplementation(() => Promise.resolve(ok(null)));
    await api.get('/a');
    saveSession({ token: 'T', refresh_token: 'R', expires_in: 5 });
    await api.post('/login/login', { username: 'a', password: 'b' });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/a', '/api/v1/login/login']);
  });

  it('does not refresh when another tab refreshed while this one waited for the lock', async () => {
    saveSession({ token: 'OLD', refresh_token: 'R-OLD', expires_in: 20 });
    const request = vi.fn(async (_name: string, callback: () => Promise<void>) => {
      // The other tab held the lock and saved its fresh session into the shared cookies.
      saveSession({ token: 'OTHER-TAB', refresh_token: 'R-OTHER', expires_in: 3600 });
      return callback();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    fetchMock.mockImplementation((url: string) => Promise.resolve(ok(url)));
    await api.get('/a');
    expect(request).toHaveBeenCalledWith('fleet-token-refresh', expect.any(Function));
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/a']);
    expect(headerOf(calls[0], 'X-Token')).toBe('OTHER-TAB');
  });

  it('drops the session when the refresh token is refused', async () => {
    saveSession({ token: 'T', refresh_token: 'R', expires_in: 1 });
    spyNotifier();
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        url.endsWith('/login/refreshtoken')
          ? jsonResponse({ code: 10010, msg: 'refresh token revoked', data: null }, 401)
          : jsonResponse({ code: 10010, msg: 'no token', data: null }, 401),
      ),
    );
    await expect(api.get('/a')).rejects.toMatchObject({ code: 10010 });
    expect(getToken()).toBeUndefined();
    expect(headerOf(calls[1], 'X-Token')).toBeNull();
  });

  it('times out after 10 s with the SPEC message', async () => {
    vi.useFakeTimers();
    const notifier = spyNotifier();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const result = api.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(notifier.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(LocalCode.TIMEOUT);
    expect(notifier.error).toHaveBeenCalledWith('Timeout and no response, please try again later', 5);
  });

  it('toasts business errors for 5 s, unless the caller handles them', async () => {
    const notifier = spyNotifier();
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse({ code: 20000, msg: 'failed', data: 'old password is wrong' }, 422)),
    );
    await expect(api.put('/auth/user/me/password', {})).rejects.toBeInstanceOf(ApiError);
    expect(notifier.error).toHaveBeenCalledWith('old password is wrong', 5);
    notifier.error.mockClear();
    await expect(api.put('/x', {}, { notify: false })).rejects.toBeInstanceOf(ApiError);
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('stays silent for 10000 and 10011', async () => {
    const notifier = spyNotifier();
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse({ code: 10011, msg: 'x', data: null }, 409)),
    );
    await expect(api.get('/x')).rejects.toMatchObject({ code: 10011 });
    expect(notifier.error).not.toHaveBeenCalled();
    expect(notifier.confirmSessionExpired).not.toHaveBeenCalled();
  });

  it('opens only one session-expired dialog at a time and logs out on confirm', async () => {
    const onConfirmed = vi.fn();
    const notifier = spyNotifier();
    configureApiClient({ onSessionExpiredConfirmed: onConfirmed });
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse({ code: 10010, msg: 'expired', data: null }, 401)),
    );
    await Promise.allSettled([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(notifier.confirmSessionExpired).toHaveBeenCalledTimes(1);
    const [texts, onConfirm, onClose] = notifier.confirmSessionExpired.mock.calls[0]!;
    expect(texts).toEqual({
      title: 'Session expired',
      content: 'Session expired, please log in again',
      okText: 'Log in again',
    });
    onConfirm();
    expect(onConfirmed).toHaveBeenCalledTimes(1);
    onClose();
    await api.get('/d').catch(() => {});
    expect(notifier.confirmSessionExpired).toHaveBeenCalledTimes(2);
  });

  it('treats an error answer without a code as no permission', async () => {
    const notifier = spyNotifier();
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response('<html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(api.get('/x')).rejects.toMatchObject({ code: LocalCode.NO_CODE, status: 502 });
    expect(notifier.error).toHaveBeenCalledWith('No permission, illegal operation', 5);
  });

  it('queues messages raised before the app wires its notifier in', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse({ code: 10001, msg: 'x', data: null }, 403)),
    );
    await api.get('/x').catch(() => {});
    const notifier = spyNotifier();
    expect(notifier.error).toHaveBeenCalledWith('No permission, illegal operation', 5);
  });
});
