import { type APIRequestContext, expect } from '@playwright/test';
import { admin, transmitted } from './auth.js';

/** The administrator's access token, for setting up data through the API. */
export async function apiToken(request: APIRequestContext): Promise<string> {
  const { username, password } = admin();
  const res = await request.post('/api/v1/login/login', {
    data: { username, password: transmitted(password) },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.token as string;
}

/** One API call that must succeed (code 0); answers its `data`. */
export async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`/api/v1${path}`, { method, data, headers: { 'X-Token': token } });
  const body = await res.json();
  expect(body.code, `${method} ${path}: ${JSON.stringify(body)}`).toBe(0);
  return body.data as T;
}
