import { createHash, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultGatewayParams } from '@fleet/contracts';
import { type OtaManifest, type OtaProgress, signManifest } from '@fleet/protocols';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OtaAgent } from './ota-agent.js';

const keys = generateKeyPairSync('ed25519');
const firmware = Buffer.alloc(256 * 1024, 0);
for (let i = 0; i < firmware.length; i += 1) firmware[i] = (i * 31) & 0xff;

/** A package server as the platform's: range requests, optionally cutting or corrupting. */
const serving = { cutAfter: 0, ignoreRange: false, corrupt: false, requests: [] as (string | undefined)[] };
let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    serving.requests.push(req.headers.range);
    const body = serving.corrupt ? Buffer.from(firmware).fill(0, 1000, 1001) : firmware;
    const match = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = match && !serving.ignoreRange ? Number(match[1]) : 0;
    const part = body.subarray(start);
    const headers = { 'Content-Type': 'application/octet-stream', 'Content-Length': String(part.length) };
    if (start > 0 || (match && !serving.ignoreRange)) {
      res.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${body.length - 1}/${body.length}` });
    } else res.writeHead(200, headers);
    if (serving.cutAfter > 0) {
      const cut = serving.cutAfter;
      serving.cutAfter = 0; // once
      res.write(part.subarray(0, cut), () => res.destroy());
      return;
    }
    res.end(part);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/ota/package/x`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  Object.assign(serving, { cutAfter: 0, ignoreRange: false, corrupt: false, requests: [] });
});

const NOW = 1_800_000_000;
const manifest = (over: Partial<OtaManifest> = {}): OtaManifest => ({
  artifact: { sha256: createHash('sha256').update(firmware).digest('hex'), size: firmware.length },
  models: ['DTU-4G'],
  version: '2.0.0',
  counter: 2,
  expires: NOW + 600,
  ...over,
});

function agent(over: { model?: string; counter?: number; paramVersion?: number } = {}) {
  const reports: OtaProgress[] = [];
  let reboots = 0;
  const a = new OtaAgent({
    model: over.model ?? 'DTU-4G',
    counter: over.counter ?? 1,
    paramVersion: over.paramVersion ?? null,
    version: '1.0.0',
    publicKey: keys.publicKey,
    report: (p) => void reports.push(p),
    delay: async () => undefined,
    now: () => NOW * 1000,
    reboot: async () => {
      reboots += 1;
    },
  });
  return { a, reports, reboots: () => reboots };
}

const firmwareNotice = (m = manifest(), signer = keys.privateKey) => ({
  plan_id: 7,
  kind: 'firmware' as const,
  url,
  start_after_s: 0,
  ...signManifest(m, signer),
});
const states = (reports: OtaProgress[]) => reports.map((r) => r.state);

describe('simulated gateway OTA (DESIGN 13)', () => {
  it('downloads, verifies, applies, reboots and reports the new version', async () => {
    const { a, reports, reboots } = agent();
    await a.handle(firmwareNotice());
    expect(states(reports)).toEqual(['downloading', 'verified', 'applied', 'reported']);
    expect(reports.at(-1)).toEqual({ plan_id: 7, state: 'reported', version: '2.0.0' });
    expect(a.counter).toBe(2);
    expect(reboots()).toBe(1);
    expect(serving.requests).toEqual(['bytes=0-']);
  });

  it('resumes a cut download where it stopped', async () => {
    serving.cutAfter = 100_000;
    const { a, reports } = agent();
    await a.handle(firmwareNotice());
    expect(states(reports).at(-1)).toBe('reported');
    expect(serving.requests).toHaveLength(2);
    const resumedAt = Number(/bytes=(\d+)-/.exec(serving.requests[1] ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(100_000);
    expect(reports.filter((r) => r.state === 'downloading').map((r) => r.bytes)).toEqual([0, resumedAt]);
  });

  it('starts again from byte 0 when the server ignores ranges', async () => {
    serving.cutAfter = 50_000;
    serving.ignoreRange = true;
    const { a, reports } = agent();
    await a.handle(firmwareNotice());
    expect(states(reports).at(-1)).toBe('reported');
  });

  it('refuses tampered bytes after the download and keeps its version', async () => {
    serving.corrupt = true;
    const { a, reports, reboots } = agent();
    await a.handle(firmwareNotice());
    expect(reports.at(-1)).toEqual({ plan_id: 7, state: 'failed', reason: 'hash-mismatch' });
    expect(a.version).toBe('1.0.0');
    expect(reboots()).toBe(0);
  });

  it.each([
    ['bad-signature', () => firmwareNotice(manifest(), generateKeyPairSync('ed25519').privateKey), {}],
    ['wrong-model', () => firmwareNotice(manifest({ models: ['OTHER'] })), {}],
    ['rollback', () => firmwareNotice(manifest({ counter: 1 })), { counter: 1 }],
    ['expired', () => firmwareNotice(manifest({ expires: NOW })), {}],
  ] as const)('refuses a manifest with %s before downloading anything', async (reason, notice, over) => {
    const { a, reports } = agent(over);
    await a.handle(notice());
    expect(reports).toEqual([{ plan_id: 7, state: 'failed', reason }]);
    expect(serving.requests).toEqual([]);
    expect(a.version).toBe('1.0.0');
  });

  it('refuses a manifest edited after signing', async () => {
    const { a, reports } = agent();
    const notice = firmwareNotice();
    await a.handle({ ...notice, manifest: { ...notice.manifest, version: '9.0.0' } });
    expect(reports).toEqual([{ plan_id: 7, state: 'failed', reason: 'bad-signature' }]);
  });

  it('applies a parameter document above the version it runs, and refuses one not above', async () => {
    const { a, reports } = agent({ paramVersion: 1 });
    const params = { ...defaultGatewayParams(), param_version: 2 };
    await a.handle({ plan_id: 8, kind: 'params', params, start_after_s: 0 });
    expect(reports).toEqual([
      { plan_id: 8, state: 'applied' },
      { plan_id: 8, state: 'reported', param_version: 2 },
    ]);
    await a.handle({ plan_id: 9, kind: 'params', params, start_after_s: 0 });
    expect(reports.at(-1)).toMatchObject({ plan_id: 9, state: 'failed', reason: 'rollback' });
    const invalid = { ...params, param_version: 3, uart_read_ms: 5 };
    await a.handle({ plan_id: 10, kind: 'params', params: invalid, start_after_s: 0 });
    expect(reports.at(-1)).toMatchObject({ plan_id: 10, state: 'failed', reason: 'apply-failed' });
    expect(a.paramVersion).toBe(2);
  });
});
