import type { CustomizeInfo } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCustomizeRepository } from './customize.repository.js';
import { normalizeDomain } from './customize.service.js';

let plain: TestApp;
let titled: TestApp;
beforeAll(async () => {
  [plain, titled] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { PLATFORM_TITLE: 'Acme IoT' } }),
  ]);
  await createCustomizeRepository(plain.database.db).upsert({
    domain: 'brand.example.com',
    platformTitle: 'Brand Cloud',
    bigscreenTitle: 'Brand Screen',
    ownerUserId: null,
  });
});
afterAll(async () => {
  await Promise.all([plain?.close(), titled?.close()]);
});

describe('GET /customize/info (public)', () => {
  it('answers null titles for a domain without customization', async () => {
    const res = await call<CustomizeInfo>(plain.app, 'GET', '/customize/info?domain=other.example.com');
    expect(res.body).toEqual({
      code: 0,
      msg: 'ok',
      data: { domain: 'other.example.com', platform_title: null, bigscreen_title: null },
    });
  });

  it("answers the domain's titles, ignoring case and port", async () => {
    const res = await call<CustomizeInfo>(plain.app, 'GET', '/customize/info?domain=Brand.Example.com:8080');
    expect(res.body.data).toEqual({
      domain: 'brand.example.com',
      platform_title: 'Brand Cloud',
      bigscreen_title: 'Brand Screen',
    });
  });

  it('uses the Host header when no domain is given', async () => {
    const res = await plain.app.inject({
      method: 'GET',
      url: '/api/v1/customize/info',
      headers: { host: 'brand.example.com:9000' },
    });
    expect(res.json().data.platform_title).toBe('Brand Cloud');
  });

  it('falls back to PLATFORM_TITLE when set', async () => {
    const res = await call<CustomizeInfo>(titled.app, 'GET', '/customize/info?domain=x.example.com');
    expect(res.body.data.platform_title).toBe('Acme IoT');
    expect(res.body.data.bigscreen_title).toBeNull();
  });
});

describe('normalizeDomain', () => {
  it('strips ports and lower-cases, keeping IPv6 literals', () => {
    expect(normalizeDomain(' A.B:80 ')).toBe('a.b');
    expect(normalizeDomain('[::1]:8080')).toBe('[::1]');
    expect(normalizeDomain('localhost')).toBe('localhost');
  });
});
