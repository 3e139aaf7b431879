import { type APIRequestContext, expect } from '@playwright/test';
import { admin, transmitted } from './auth.js';

/**
 * Tokens apiToken issued -> the one that replaced each when it expired. The e2e platform runs with
 * TOKEN_TTL=45 s (global-setup: the browser's refresh-before-expiry is exercised), and a test that
 * takes its token first and works in the browser for a while outlived it on a loaded CI machine
 * ("session expired" at its next setup call).
 */
const renewed = new Map<string, string>();
const SESSION_EXPIRED = 10010;

async function adminLogin(request: APIRequestContext): Promise<string> {
  const { username, password } = admin();
  const res = await request.post('/api/v1/login/login', {
    data: { username, password: transmitted(password) },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.token as string;
}

/** The administrator's access token, for setting up data through the API (renewed by call when expired). */
export async function apiToken(request: APIRequestContext): Promise<string> {
  const token = await adminLogin(request);
  renewed.set(token, token);
  return token;
}

/** One API call that must succeed (code 0); answers its `data`. */
export async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const send = async (current: string) => {
    const res = await request.fetch(`/api/v1${path}`, { method, data, headers: { 'X-Token': current } });
    return (await res.json()) as { code: number; data: T };
  };
  let body = await send(renewed.get(token) ?? token);
  // Only an administrator token of apiToken is renewed; any other token expiring is the test's business.
  if (body.code === SESSION_EXPIRED && renewed.has(token)) {
    const fresh = await adminLogin(request);
    renewed.set(token, fresh);
    body = await send(fresh);
  }
  expect(body.code, `${method} ${path}: ${JSON.stringify(body)}`).toBe(0);
  return body.data;
}
