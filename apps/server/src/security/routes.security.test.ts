import { randomBytes } from 'node:crypto';
import { BizCode } from '@fleet/contracts';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCADA_BODY_LIMIT } from '../modules/scada/scada.routes.js';
import { login } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { loadOperations, type Operation, stringFields, takesString } from './openapi-walk.js';

/**
 * Routes reachable without a token, listed on purpose: a new route is guarded unless it is added
 * here, and the walk below fails when a route answers without a token and is not in this list.
 */
const PUBLIC_ROUTES = new Set([
  'POST /api/v1/login/login',
  'POST /api/v1/login/refreshtoken',
  'POST /api/v1/login/demo',
  'POST /api/v1/login/register',
  'GET /api/v1/system/config',
  'GET /api/v1/health',
  'GET /api/v1/customize/info',
  'POST /api/v1/ingest/{imei}',
  // Prometheus scrapers: its own bearer token (METRICS_TOKEN), tested in modules/system/metrics.test.ts.
  'GET /api/v1/metrics',
  // Gateways: the signed `t` of an OTA notice's URL, tested in modules/ota/package.routes.test.ts.
  'GET /api/v1/ota/package/{hash}',
  // Payment providers: authenticated by their signature, tested in modules/recharge/notify.test.ts.
  'POST /api/v1/pay/notify/{provider}',
  'POST /api/v1/pay/refund-notify/wechat',
  // Phone sign-in (SPEC 2.1): a code, then the sign-in with it; limited per phone, address and tenant
  // and answering alike whether or not the phone is known (modules/sms/phone.test.ts).
  'POST /api/v1/login/phone/code',
  'POST /api/v1/login/phone',
  // SMS and voice providers' delivery receipts: the unguessable token in the path (modules/sms).
  'POST /api/v1/notice/receipt/{channel}/{token}',
  // A custom screen's external link: the revocable share token in the path, reading only what the
  // screen binds (modules/custom-screens/custom-screens.test.ts).
  'GET /api/v1/screen-share/{token}',
  'GET /api/v1/screen-share/{token}/points',
  'GET /api/v1/screen-share/{token}/data',
  'GET /api/v1/screen-share/{token}/alarms',
  'GET /api/v1/screen-share/{token}/status',
  'GET /api/v1/screen-share/{token}/scada',
  'GET /api/v1/screen-share/{token}/map',
]);

/**
 * Routes whose body is the exact text a provider sent (its signature covers those bytes), not our
 * JSON: a NUL in it fails the signature check instead (modules/recharge/notify.test.ts).
 */
const RAW_BODY_ROUTES = new Set([
  'POST /api/v1/pay/notify/{provider}',
  'POST /api/v1/pay/refund-notify/wechat',
]);

const key = (op: Operation) => `${op.method} ${op.path}`;
const isWrite = (op: Operation) => op.method !== 'GET';

let t: TestApp;
let operations: Operation[];
let token: string;

async function adminToken(): Promise<string> {
  const res = await login(t.app, 'admin', t.adminPassword);
  if (res.body.code !== 0) throw new Error(`admin sign-in failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

async function inject(
  op: Operation,
  options: { token?: string; url?: string; body?: unknown; raw?: string },
) {
  const headers: Record<string, string> = {};
  if (options.token) headers['x-token'] = options.token;
  let payload: string | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const res = await t.app.inject({ method: op.method, url: options.url ?? op.url, headers, payload });
  let body: { code?: number; msg?: string } = {};
  try {
    body = res.json();
  } catch {
    body = {};
  }
  return { status: res.statusCode, body };
}

beforeAll(async () => {
  t = await createTestApp();
  operations = await loadOperations(t.app);
  token = await adminToken();
});

afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('lists the routes, and every public route exists', () => {
    expect(operations.length).toBeGreaterThan(50);
    const keys = new Set(operations.map(key));
    for (const route of PUBLIC_ROUTES) expect(keys, route).toContain(route);
  });
});

describe('every route without a valid token', () => {
  it('answers 10010 (HTTP 401) without a token, except the public routes', async () => {
    const answered: string[] = [];
    for (const op of operations) {
      const res = await inject(op, {});
      if (PUBLIC_ROUTES.has(key(op))) {
        expect(res.status, key(op)).toBeLessThan(500);
        continue;
      }
      if (res.status !== 401 || res.body.code !== BizCode.SESSION_EXPIRED)
        answered.push(`${key(op)} ${res.status}`);
    }
    expect(answered).toEqual([]);
  });

  it('answers 10010 with forged tokens: another key, alg none, garbage', async () => {
    const claims = decodeJwt(token);
    const otherKey = new TextEncoder().encode(randomBytes(32).toString('hex'));
    const iat = Math.floor(Date.now() / 1000);
    const wrongKey = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(otherKey);
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: claims.sub, sid: claims.sid, exp: iat + 3600 })}.`;
    const [header, payload] = token.split('.');
    const tampered = `${header}.${b64({ ...claims, sub: '999999' })}.${token.split('.')[2]}`;
    const forged = [wrongKey, algNone, tampered, 'garbage', `${header}.${payload}`];
    const answered: string[] = [];
    for (const op of operations) {
      if (PUBLIC_ROUTES.has(key(op))) continue;
      for (const [i, fake] of forged.entries()) {
        const res = await inject(op, { token: fake });
        if (res.status !== 401 || res.body.code !== BizCode.SESSION_EXPIRED) {
          answered.push(`${key(op)} forged#${i} ${res.status}`);
        }
      }
    }
    expect(answered).toEqual([]);
  });
});

/** Calls with the admin token, signing in again if a call ended the session. */
async function asAdmin(op: Operation, options: { url?: string; body?: unknown; raw?: string }) {
  let res = await inject(op, { ...options, token });
  if (res.status === 401) {
    token = await adminToken();
    res = await inject(op, { ...options, token });
  }
  return res;
}

/** Answer fields that are secrets: a route answering one must not be cached anywhere. */
const SECRET_FIELDS = [
  'token',
  'refresh_token',
  'mqtt_password',
  'dtu_registration',
  'http_key',
  'webhook_secret',
];

describe('answers carrying secrets', () => {
  it('are sent with Cache-Control: no-store', async () => {
    const secretRoutes = operations.filter((op) => SECRET_FIELDS.some((field) => op.answerFields.has(field)));
    expect(secretRoutes.map(key)).toEqual(
      // The device secrets are shown once: by the creation and by each rotation.
      expect.arrayContaining([
        'POST /api/v1/login/login',
        'GET /api/v1/device/{id}/credentials',
        'POST /api/v1/device',
        'POST /api/v1/device/{id}/credentials/rotate',
      ]),
    );
    const missing: string[] = [];
    for (const op of secretRoutes) {
      const res = await t.app.inject({ method: op.method, url: op.url, headers: { 'x-token': token } });
      if (res.headers['cache-control'] !== 'no-store') missing.push(key(op));
    }
    expect(missing).toEqual([]);
  });

  it('a signed-in answer without secrets keeps its usual headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/user/info',
      headers: { 'x-token': token },
    });
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe('a NUL byte in any string', () => {
  it('answers 10002 (HTTP 400) naming the field on every write route', async () => {
    const wrong: string[] = [];
    const writes = operations.filter(isWrite);
    expect(writes.length).toBeGreaterThan(20);
    for (const op of writes) {
      if (RAW_BODY_ROUTES.has(key(op))) continue;
      const fields = stringFields(op.bodySchema);
      // A route without string fields still walks the body: an unknown field carries the NUL.
      for (const field of fields.length > 0 ? fields : ['probe']) {
        const res = await asAdmin(op, { body: { [field]: 'a\u0000b' } });
        const named = res.body.msg?.startsWith(`body.${field}:`);
        if (res.status !== 400 || res.body.code !== BizCode.PARAM_ERROR || !named) {
          wrong.push(`${key(op)} body.${field} -> ${res.status} ${res.body.code} ${res.body.msg}`);
        }
      }
      // Nested in an array of objects too.
      const nested = await asAdmin(op, { body: { list: [{ name: 'x\u0000' }] } });
      if (nested.status !== 400 || nested.body.code !== BizCode.PARAM_ERROR) {
        wrong.push(`${key(op)} nested -> ${nested.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 10002 naming the parameter on every route that takes a string query parameter', async () => {
    const wrong: string[] = [];
    let tried = 0;
    for (const op of operations) {
      for (const parameter of op.queryParameters.filter((p) => takesString(p.schema))) {
        tried += 1;
        const url = `${op.url}?${parameter.name}=a%00b`;
        const res = await asAdmin(op, { url });
        const named = res.body.msg?.startsWith(`query.${parameter.name}:`);
        if (res.status !== 400 || res.body.code !== BizCode.PARAM_ERROR || !named) {
          wrong.push(`${key(op)} query.${parameter.name} -> ${res.status} ${res.body.code} ${res.body.msg}`);
        }
      }
    }
    expect(tried).toBeGreaterThan(15);
    expect(wrong).toEqual([]);
  });

  it('answers 10002 for a NUL in a path parameter', async () => {
    const op = operations.find((o) => o.method === 'GET' && o.path.includes('{'));
    expect(op).toBeDefined();
    const url = op!.path.replace(/\{[^}]+\}/g, '1%00');
    const res = await asAdmin(op!, { url });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(BizCode.PARAM_ERROR);
  });
});

/** Routes with a body limit above Fastify's 1 MiB default, each for a reason (a SCADA document is large). */
const LARGER_BODY_LIMITS: Record<string, number> = {
  'POST /api/v1/scada': SCADA_BODY_LIMIT,
  'PUT /api/v1/scada/{id}': SCADA_BODY_LIMIT,
  'POST /api/v1/scada/import': SCADA_BODY_LIMIT,
};

describe('oversized input', () => {
  it('a body over the limit answers 10002 (HTTP 413) on every write route', async () => {
    const bodyOver = (limit: number) => JSON.stringify({ data: 'x'.repeat(limit + 64 * 1024) });
    const usual = bodyOver(1024 * 1024);
    const wrong: string[] = [];
    for (const op of operations.filter(isWrite)) {
      const limit = LARGER_BODY_LIMITS[key(op)];
      const res = await asAdmin(op, { raw: limit ? bodyOver(limit) : usual });
      if (res.status !== 413 || res.body.code !== BizCode.PARAM_ERROR)
        wrong.push(`${key(op)} -> ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('an oversized string field never answers 5xx on a write route', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter(isWrite)) {
      for (const field of stringFields(op.bodySchema)) {
        const res = await asAdmin(op, { body: { [field]: 'x'.repeat(100_000) } });
        if (res.status >= 500) wrong.push(`${key(op)} body.${field} -> ${res.status} ${res.body.msg}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('an oversized query parameter never answers 5xx on a list route', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.method === 'GET')) {
      for (const parameter of op.queryParameters.filter((p) => takesString(p.schema))) {
        const res = await asAdmin(op, { url: `${op.url}?${parameter.name}=${'x'.repeat(20_000)}` });
        if (res.status >= 500) wrong.push(`${key(op)} query.${parameter.name} -> ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
