import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ListResult, OtaApplicationRow } from '@fleet/contracts';
import { refuseManifest } from '@fleet/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otaSigningKeyFor } from '../../platform/crypto/signing-key.js';
import { call } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { uploadApplication, uploadApplicationParts } from './plans.fixtures.js';
import { createOtaUser } from './registry.fixtures.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createOtaUser>>;
let other: Awaited<ReturnType<typeof createOtaUser>>;
let reader: Awaited<ReturnType<typeof createOtaUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOtaUser(t);
  other = await createOtaUser(t);
  reader = await createOtaUser(t, { permissions: ['ota.Application/index'] });
});
afterAll(async () => {
  await t?.close();
});

const stored = (hash: string) => join(t.dataDir, 'files', 'ota', hash.slice(0, 2), hash);

describe('OTA applications', () => {
  it('stores the package by sha256 outside the web root and signs a manifest gateways accept', async () => {
    const bytes = randomBytes(10_000);
    const res = await uploadApplication(t.app, owner.token, {
      bytes,
      models: 'SG-1, SG-2\nSG-1',
      counter: 9,
    });
    expect(res.body.code).toBe(0);
    const row = res.body.data;
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(row).toMatchObject({
      sha256,
      size: 10_000,
      models: ['SG-1', 'SG-2'],
      counter: 9,
      version: '2.1.0',
    });
    expect(row.manifest).toEqual({
      artifact: { sha256, size: 10_000 },
      models: ['SG-1', 'SG-2'],
      version: '2.1.0',
      counter: 9,
      expires: row.expires,
    });
    expect(readFileSync(stored(sha256)).equals(bytes)).toBe(true);
    const key = otaSigningKeyFor(t.config).publicKeyPem;
    const now = Math.floor(t.clock().getTime() / 1000);
    expect(refuseManifest(row, key, { model: 'SG-2', counter: 3 }, now)).toBeNull();
    expect(refuseManifest(row, key, { model: 'SG-9', counter: 3 }, now)).toBe('wrong-model');
    const tampered = { ...row, manifest: { ...row.manifest, counter: 10 } };
    expect(refuseManifest(tampered, key, { model: 'SG-2', counter: 3 }, now)).toBe('bad-signature');
  });

  it('lists and shows applications only in the caller’s data', async () => {
    const mine = (await uploadApplication(t.app, owner.token, { name: 'Mine only' })).body.data;
    const list = await call<ListResult<OtaApplicationRow>>(t.app, 'GET', '/ota/applications?search=Mine', {
      token: owner.token,
    });
    expect(list.body.data.rows.map((r) => r.id)).toContain(mine.id);
    const theirs = await call<ListResult<OtaApplicationRow>>(t.app, 'GET', '/ota/applications', {
      token: other.token,
    });
    expect(theirs.body.data.total).toBe(0);
    const one = await call(t.app, 'GET', `/ota/applications/${mine.id}`, { token: other.token });
    expect(one.status).toBe(404);
    const del = await call(t.app, 'DELETE', `/ota/applications/${mine.id}`, { token: other.token });
    expect(del.status).toBe(404);
  });

  it('lets a reader list but not upload or delete', async () => {
    const list = await call(t.app, 'GET', '/ota/applications', { token: reader.token });
    expect(list.body.code).toBe(0);
    const up = await uploadApplication(t.app, reader.token);
    expect(up.status).toBe(403);
    expect(up.body.code).toBe(10001);
  });

  it('refuses bad fields and a missing file, storing nothing', async () => {
    const noModels = await uploadApplication(t.app, owner.token, { models: ' , ' });
    expect(noModels.status).toBe(400);
    expect(noModels.body.msg).toMatch(/^body\.models/);
    const badCounter = await uploadApplication(t.app, owner.token, { counter: 0 });
    expect(badCounter.body.msg).toMatch(/^body\.counter/);
    const noFile = await uploadApplicationParts(t.app, owner.token, [
      { name: 'name', value: 'x' },
      { name: 'version', value: '1' },
      { name: 'models', value: 'SG-1' },
      { name: 'counter', value: '1' },
    ]);
    expect(noFile.status).toBe(400);
    expect(noFile.body.msg).toMatch(/^body\.file/);
    const list = await call<ListResult<OtaApplicationRow>>(t.app, 'GET', '/ota/applications?limit=100', {
      token: owner.token,
    });
    expect(list.body.data.rows.every((r) => r.counter > 0 && r.models.length > 0)).toBe(true);
  });

  it('deletes the row, and the file once no other application names the same bytes', async () => {
    const bytes = randomBytes(2048);
    const a = (await uploadApplication(t.app, owner.token, { bytes })).body.data;
    const b = (await uploadApplication(t.app, other.token, { bytes })).body.data;
    expect(a.sha256).toBe(b.sha256);
    expect((await call(t.app, 'DELETE', `/ota/applications/${a.id}`, { token: owner.token })).body.code).toBe(
      0,
    );
    expect(existsSync(stored(a.sha256))).toBe(true);
    expect((await call(t.app, 'DELETE', `/ota/applications/${b.id}`, { token: other.token })).body.code).toBe(
      0,
    );
    expect(existsSync(stored(a.sha256))).toBe(false);
  });
});
