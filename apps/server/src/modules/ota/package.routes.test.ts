import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { OtaAgent } from '@fleet/device-sim';
import { signManifest } from '@fleet/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otaSigningKeyFor } from '../../platform/crypto/signing-key.js';
import { createFileStore } from '../../platform/files/file-store.js';
import { call, login } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { byteRange } from './byte-range.js';
import { createDownloadTokens } from './download-token.js';
import { OTA_STORE_AREA } from './package-download.service.js';

let t: TestApp;
let baseUrl: string;
const firmware = Buffer.alloc(300_000);
for (let i = 0; i < firmware.length; i += 1) firmware[i] = (i * 7 + (i >> 8)) & 0xff;
const hash = createHash('sha256').update(firmware).digest('hex');
let token: string;
const now = () => Math.floor(t.clock().getTime() / 1000);

beforeAll(async () => {
  t = await createTestApp();
  const store = createFileStore(t.dataDir, OTA_STORE_AREA);
  const temp = store.tempPath('.bin');
  await writeFile(temp, firmware);
  await store.put(temp);
  const tokens = createDownloadTokens(otaSigningKeyFor(t.config).privateKey);
  token = tokens.issue(hash, now() + 600);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // fetch keeps its sockets alive; close them so the server's close does not wait for them.
  t?.app.server.closeAllConnections();
  await t?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers });

describe('GET /ota/package/{hash} (signed URL, byte ranges)', () => {
  it('answers the whole package, and one range with 206', async () => {
    const whole = await get(`/ota/package/${hash}?t=${token}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(firmware)).toBe(true);
    const part = await get(`/ota/package/${hash}?t=${token}`, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${firmware.length}`);
    expect(part.rawPayload.equals(firmware.subarray(1000, 2000))).toBe(true);
    const tail = await get(`/ota/package/${hash}?t=${token}`, { range: `bytes=${firmware.length - 10}-` });
    expect(tail.rawPayload.equals(firmware.subarray(-10))).toBe(true);
    const past = await get(`/ota/package/${hash}?t=${token}`, { range: `bytes=${firmware.length}-` });
    expect([past.statusCode, past.headers['content-range']]).toEqual([416, `bytes */${firmware.length}`]);
  });

  it('refuses a missing, forged, expired or other-package token, and unknown hashes', async () => {
    expect((await get(`/ota/package/${hash}`)).statusCode).toBe(403);
    const forged = `${token.slice(0, -2)}AA`;
    expect((await get(`/ota/package/${hash}?t=${forged}`)).statusCode).toBe(403);
    const tokens = createDownloadTokens(otaSigningKeyFor(t.config).privateKey);
    expect((await get(`/ota/package/${hash}?t=${tokens.issue(hash, now())}`)).statusCode).toBe(403);
    const other = 'a'.repeat(64);
    expect((await get(`/ota/package/${hash}?t=${tokens.issue(other, now() + 60)}`)).statusCode).toBe(403);
    expect((await get(`/ota/package/${other}?t=${tokens.issue(other, now() + 60)}`)).statusCode).toBe(404);
    expect((await get(`/ota/package/..%2F..%2Fsecret.key?t=${token}`)).statusCode).toBe(404);
    expect((await get(`/ota/package/${hash.toUpperCase()}?t=${token}`)).statusCode).toBe(404);
  });

  it('a simulated gateway downloads it over a real socket, resumes after a cut, and verifies it', async () => {
    const { publicKeyPem, privateKey } = otaSigningKeyFor(t.config);
    const admin = (await login(t.app, 'admin', t.adminPassword)).body.data.token;
    const published = await call<{ public_key: string }>(t.app, 'GET', '/ota/signing-key', { token: admin });
    expect(published.body.data.public_key).toBe(publicKeyPem);

    // The first response is cut after 100 kB, as a mobile link drops.
    let cut = true;
    const cuttingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!cut || !response.body) return response;
      cut = false;
      let passed = 0;
      const reader = response.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          passed += value.byteLength;
          if (passed > 100_000) {
            await reader.cancel();
            return controller.error(new Error('connection reset'));
          }
          controller.enqueue(value);
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const reports: unknown[] = [];
    const agent = new OtaAgent({
      model: 'DTU-4G',
      counter: 1,
      publicKey: published.body.data.public_key,
      report: (p) => void reports.push(p),
      delay: async () => undefined,
      now: () => t.clock().getTime(),
      fetch: cuttingFetch,
    });
    const manifest = {
      artifact: { sha256: hash, size: firmware.length },
      models: ['DTU-4G'],
      version: '3.0.0',
      counter: 2,
      expires: now() + 3600,
    };
    await agent.handle({
      plan_id: 1,
      kind: 'firmware',
      url: `${baseUrl}/api/v1/ota/package/${hash}?t=${token}`,
      start_after_s: 0,
      ...signManifest(manifest, privateKey),
    });
    expect(reports.at(-1)).toEqual({ plan_id: 1, state: 'reported', version: '3.0.0' });
    expect(agent.ranges).toHaveLength(2);
    expect(Number(agent.ranges[1]?.slice('bytes='.length, -1))).toBeGreaterThan(0);
  });

  it('the signing key needs OtaManager', async () => {
    expect((await get('/ota/signing-key')).json().code).toBe(10010);
  });
});

describe('byteRange', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-', { kind: 'part', start: 0, end: 99 }],
    ['bytes=10-19', { kind: 'part', start: 10, end: 19 }],
    ['bytes=90-500', { kind: 'part', start: 90, end: 99 }],
    ['bytes=-10', { kind: 'part', start: 90, end: 99 }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=20-10', { kind: 'whole' }],
  ] as const)('%s of 100 bytes', (header, answer) => {
    expect(byteRange(header, 100)).toEqual(answer);
  });
});
