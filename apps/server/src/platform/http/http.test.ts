import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BizCode } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let web: TestApp;
let bare: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'fleet-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>fleet</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  [web, bare] = await Promise.all([createTestApp({ env: { WEB_DIST: dist } }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([web?.close(), bare?.close()]);
  rmSync(dist, { recursive: true, force: true });
});

describe('web app on the same origin', () => {
  it('serves index.html without caching, for / and for client routes', async () => {
    for (const url of ['/', '/login', '/device/list?x=1']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown /api paths with the 404 envelope, not index.html', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/nope'],
      ['GET', '/api/other'],
    ] as const) {
      const res = await web.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: BizCode.FAILED, data: null });
    }
  });

  it('without a build, non-API paths say to run npm run build', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('npm run build');
  });

  it('sends the Content-Security-Policy the Ant Design app needs', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self'");
    // Websockets to the same origin only: 'self' covers ws:/wss: to this host; no bare scheme.
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/\bwss?:/);
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('is public and lists the routes generated from their schemas', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/v1/login/login',
      '/api/v1/login/refreshtoken',
      '/api/v1/login/logout',
      '/api/v1/login/demo',
      '/api/v1/auth/user/info',
      '/api/v1/auth/user/authList',
      '/api/v1/auth/user/me',
      '/api/v1/auth/user/me/password',
      '/api/v1/customize/info',
      '/api/v1/dict',
      '/api/v1/option',
      '/api/v1/system/config',
      '/api/v1/health',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const login = doc.paths['/api/v1/login/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(login.responses['200'].content['application/json'].schema.properties).toHaveProperty('data');
    expect(login.security).toEqual([]);
    expect(doc.paths['/api/v1/auth/user/info'].get.security).toBeUndefined();
    expect(doc.security).toEqual([{ token: [] }]);
    expect(doc.paths['/api/v1/dict'].get.parameters.map((p: { name: string }) => p.name)).toContain('key');
  });
});
