import { createHash } from 'node:crypto';
import type {
  EnforcementDetail,
  EnforcementRow,
  EnforcementVerifyAnswer,
  ListResult,
  WorkOrderDetail,
} from '@fleet/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../../platform/db/client.js';
import { call, createDevice } from '../../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../../test-support/test-app.js';
import { parseCsv } from '../../exports/exports.fixtures.js';
import { PNG_BYTES } from '../../graphlib/graphlib.fixtures.js';
import { createSystemRepository } from '../../system/system.repository.js';
import { createMaintenanceUser, jpegWithExif } from '../work-orders.fixtures.js';
import { canonicalOf, coordinateText, sha256Hex } from './enforcement.chain.js';
import { createRecord, MP4_BYTES, OFFICER, uploadEvidence, WEBM_BYTES } from './enforcement.fixtures.js';
import { enforcementRecords } from './enforcement.table.js';

type User = Awaited<ReturnType<typeof createMaintenanceUser>>;
let t: TestApp;
let officer: User;
let reader: User;
let other: User;
let deviceId: number;
let otherDeviceId: number;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createMaintenanceUser(t, OFFICER, { nickName: 'Olga Officer' });
  reader = await createMaintenanceUser(t, ['maintenance.Enforcement/index'], {
    parentId: officer.user.id,
    isSubuser: true,
  });
  other = await createMaintenanceUser(t, OFFICER);
  deviceId = (await createDevice(t.database, { ownerUserId: officer.user.id, title: 'Pump 7' })).id;
  otherDeviceId = (await createDevice(t.database, { ownerUserId: other.user.id, title: 'Foreign' })).id;
});
afterAll(async () => {
  await t?.close();
});

const verify = (token: string) =>
  call<EnforcementVerifyAnswer>(t.app, 'GET', '/maintenance/enforcement/verify', { token });
const list = (token: string, query = '') =>
  call<ListResult<EnforcementRow>>(t.app, 'GET', `/maintenance/enforcement${query}`, { token });

/** Runs `fn` with the append-only triggers off: the tampering an attacker with database access does. */
async function bypassingTriggers(fn: (db: Executor) => Promise<unknown>) {
  const db = t.database.db;
  await db.execute(sql`ALTER TABLE enforcement_records DISABLE TRIGGER enforcement_records_append_only`);
  await db.execute(
    sql`ALTER TABLE enforcement_record_files DISABLE TRIGGER enforcement_record_files_append_only`,
  );
  try {
    await fn(db);
  } finally {
    await db.execute(sql`ALTER TABLE enforcement_records ENABLE TRIGGER enforcement_records_append_only`);
    await db.execute(
      sql`ALTER TABLE enforcement_record_files ENABLE TRIGGER enforcement_record_files_append_only`,
    );
  }
}

/** A fresh tenant with `n` records (the second with a photo). */
async function tenantWithChain(n: number) {
  const user = await createMaintenanceUser(t, OFFICER);
  const photo = await uploadEvidence(t.app, user.token, PNG_BYTES);
  const records: EnforcementDetail[] = [];
  for (let i = 0; i < n; i += 1) {
    const created = await createRecord(t.app, user.token, {
      description: `Record ${i + 1}`,
      files: i === 1 ? [photo.data.hash] : [],
    });
    expect(created.body.code).toBe(0);
    records.push(created.body.data);
  }
  return { user, records };
}

describe('enforcement records: create, read, chain', () => {
  it('appends records with photos and a video to the tenant chain; each hash covers fields, files and prev_hash', async () => {
    const photo = await uploadEvidence(
      t.app,
      officer.token,
      jpegWithExif(),
      'application/octet-stream',
      'x.bin',
    );
    expect(photo).toMatchObject({ code: 0, data: { kind: 'photo', mime: 'image/jpeg' } });
    const video = await uploadEvidence(t.app, officer.token, MP4_BYTES, 'image/png', 'clip.png');
    expect(video).toMatchObject({ code: 0, data: { kind: 'video', mime: 'video/mp4' } });
    const webm = await uploadEvidence(t.app, officer.token, WEBM_BYTES, 'video/webm', 'clip.webm');
    expect(webm.data).toMatchObject({ kind: 'video', mime: 'video/webm' });

    const first = await createRecord(t.app, officer.token, {
      type: 'violation',
      device_id: deviceId,
      lat: 31.2304,
      lng: 121.4737,
      files: [photo.data.hash, video.data.hash],
    });
    expect(first.body.code).toBe(0);
    const a = first.body.data;
    expect(a).toMatchObject({
      seq: 1,
      type: 'violation',
      device_id: deviceId,
      device_ref: deviceId,
      device_title: 'Pump 7',
      lat: '31.2304000',
      lng: '121.4737000',
      officer_id: officer.user.id,
      officer_name: 'Olga Officer',
      prev_hash: '0'.repeat(64),
      file_count: 2,
      order_id: null,
    });
    expect(a.files.map((f) => f.hash)).toEqual([photo.data.hash, video.data.hash]);
    // The stored evidence is the original byte for byte (its hash is the capture's hash).
    expect(photo.data.hash).toBe(createHash('sha256').update(jpegWithExif()).digest('hex'));
    expect(a.hash).toBe(sha256Hex(a.canonical));
    expect(JSON.parse(a.canonical)).toMatchObject({
      v: 1,
      tenant: officer.user.id,
      seq: 1,
      lat: '31.2304000',
    });

    const second = (await createRecord(t.app, officer.token, { files: [webm.data.hash] })).body.data;
    expect(second).toMatchObject({ seq: 2, prev_hash: a.hash, device_id: null, site: 'North gate' });

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/maintenance/enforcement/${a.id}/files/${video.data.hash}`,
      headers: { 'x-token': reader.token },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.rawPayload.equals(MP4_BYTES)).toBe(true);
    // A file of another record is not served through this one.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/maintenance/enforcement/${a.id}/files/${webm.data.hash}`,
      headers: { 'x-token': reader.token },
    });
    expect(foreign.statusCode).toBe(404);

    const rows = await list(reader.token, '?type=violation');
    expect(rows.body.data.rows.map((r) => r.id)).toEqual([a.id]);
    expect((await verify(reader.token)).body.data).toMatchObject({
      intact: true,
      checked: 2,
      total: 2,
      broken: null,
      head_hash: second.hash,
    });
  });

  it('refuses bad input and leaves the chain unchanged', async () => {
    const before = (await list(officer.token)).body.data.total;
    const bad = [
      { site: '', device_id: null },
      { lat: 10 },
      { lat: 95, lng: 10 },
      { type: 'arrest' },
      { occurred_at: 'yesterday' },
      { description: '' },
    ];
    for (const body of bad) {
      const res = await createRecord(t.app, officer.token, body);
      expect(res.body.code, JSON.stringify(body)).toBe(10002);
    }
    const foreignDevice = await createRecord(t.app, officer.token, { device_id: otherDeviceId });
    expect(foreignDevice.body).toMatchObject({ code: 10002, msg_key: 'maintenance.unknownDevice' });
    // A file uploaded by another tenant cannot be named.
    const theirs = await uploadEvidence(t.app, other.token, Buffer.concat([PNG_BYTES, Buffer.from([1])]));
    const stolen = await createRecord(t.app, officer.token, { files: [theirs.data.hash] });
    expect(stolen.body).toMatchObject({ code: 10002, msg_key: 'maintenance.enforcementUnknownFile' });
    expect((await list(officer.token)).body.data.total).toBe(before);
    expect((await verify(officer.token)).body.data.intact).toBe(true);
  });

  it('recognises files by their bytes: text, HTML, Matroska and oversized photos are refused', async () => {
    const html = await uploadEvidence(
      t.app,
      officer.token,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'image/png',
    );
    expect(html).toMatchObject({ code: 10002, msg_key: 'maintenance.enforcementUnsupportedFile' });
    const mkv = Buffer.from(WEBM_BYTES);
    mkv.write('matr', 12, 'latin1');
    expect((await uploadEvidence(t.app, officer.token, mkv, 'video/webm')).msg_key).toBe(
      'maintenance.enforcementUnsupportedFile',
    );
    const bigPhoto = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(10 * 1024 * 1024 + 1),
    ]);
    expect(await uploadEvidence(t.app, officer.token, bigPhoto, 'image/jpeg')).toMatchObject({
      code: 10002,
      msg_key: 'maintenance.enforcementFileTooLarge',
    });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/maintenance/enforcement/files',
      headers: { 'x-token': officer.token, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(empty.json()).toMatchObject({ code: 10002 });
  });

  it('the database refuses changing or deleting a record or its files', async () => {
    const { records } = await tenantWithChain(2);
    const id = records[1]!.id;
    await expect(
      t.database.db.execute(sql`UPDATE enforcement_records SET description = 'x' WHERE id = ${id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`DELETE FROM enforcement_records WHERE id = ${id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`UPDATE enforcement_record_files SET size = 1 WHERE record_id = ${id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`DELETE FROM enforcement_record_files WHERE record_id = ${id}`),
    ).rejects.toThrow();
  });

  it('a deleted device clears the live link only; a deleted tenant takes its records', async () => {
    const user = await createMaintenanceUser(t, OFFICER);
    const dev = await createDevice(t.database, { ownerUserId: user.user.id, title: 'Doomed' });
    const rec = (await createRecord(t.app, user.token, { device_id: dev.id })).body.data;
    await t.database.db.execute(sql`DELETE FROM devices WHERE id = ${dev.id}`);
    const after = (
      await call<EnforcementDetail>(t.app, 'GET', `/maintenance/enforcement/${rec.id}`, { token: user.token })
    ).body.data;
    expect(after).toMatchObject({
      device_id: null,
      device_ref: dev.id,
      device_title: 'Doomed',
      hash: rec.hash,
    });
    expect((await verify(user.token)).body.data.intact).toBe(true);
    await t.database.db.execute(sql`DELETE FROM users WHERE id = ${user.user.id}`);
    const left = await t.database.db
      .select()
      .from(enforcementRecords)
      .where(eq(enforcementRecords.id, rec.id));
    expect(left).toHaveLength(0);
  });
});

describe('enforcement records: verify finds tampering', () => {
  it('a changed field: hash mismatch at that record', async () => {
    const { user, records } = await tenantWithChain(3);
    await bypassingTriggers((db) =>
      db.execute(
        sql`UPDATE enforcement_records SET description = 'Nothing found' WHERE id = ${records[1]!.id}`,
      ),
    );
    expect((await verify(user.token)).body.data).toMatchObject({
      intact: false,
      checked: 2,
      total: 3,
      broken: { id: records[1]!.id, seq: 2, reason: 'hash_mismatch', expected_seq: null },
    });
  });

  it('a changed field with its hash recomputed: the next record’s link breaks', async () => {
    const { user, records } = await tenantWithChain(3);
    const target = records[0]!;
    const canonical = JSON.parse(target.canonical) as Record<string, unknown>;
    const forged = sha256Hex(JSON.stringify({ ...canonical, site: 'Elsewhere' }));
    await bypassingTriggers((db) =>
      db.execute(
        sql`UPDATE enforcement_records SET site = 'Elsewhere', hash = ${forged} WHERE id = ${target.id}`,
      ),
    );
    expect((await verify(user.token)).body.data.broken).toMatchObject({
      id: records[1]!.id,
      seq: 2,
      reason: 'broken_link',
      expected_seq: 2,
    });
  });

  it('a deleted middle record: broken link at its successor', async () => {
    const { user, records } = await tenantWithChain(3);
    await bypassingTriggers((db) =>
      db.execute(sql`DELETE FROM enforcement_records WHERE id = ${records[1]!.id}`),
    );
    expect((await verify(user.token)).body.data).toMatchObject({
      intact: false,
      total: 2,
      broken: { id: records[2]!.id, seq: 3, reason: 'broken_link', expected_seq: 2 },
    });
  });

  it('a parent tenant’s verify walks the chains below it and names the broken one’s tenant', async () => {
    const parent = await createMaintenanceUser(t, OFFICER);
    const child = await createMaintenanceUser(t, OFFICER, { parentId: parent.user.id });
    await createRecord(t.app, parent.token);
    const a = (await createRecord(t.app, child.token)).body.data;
    await createRecord(t.app, child.token);
    expect((await verify(parent.token)).body.data).toMatchObject({ intact: true, chains: 2, total: 3 });
    await bypassingTriggers((db) =>
      db.execute(sql`UPDATE enforcement_records SET occurred_at = now() WHERE id = ${a.id}`),
    );
    expect((await verify(parent.token)).body.data).toMatchObject({
      intact: false,
      broken: { owner_user_id: child.user.id, id: a.id, seq: 1, reason: 'hash_mismatch' },
    });
    // The child sees only its own chain (and the break in it).
    expect((await verify(child.token)).body.data).toMatchObject({ intact: false, chains: 1, total: 2 });
    const rows = (await list(parent.token)).body.data.rows;
    expect(new Set(rows.map((r) => r.owner_user_id))).toEqual(new Set([parent.user.id, child.user.id]));
  });

  it('a swapped file hash: hash mismatch at the record holding it', async () => {
    const { user, records } = await tenantWithChain(3);
    await bypassingTriggers((db) =>
      db.execute(
        sql`UPDATE enforcement_record_files SET hash = ${'f'.repeat(64)} WHERE record_id = ${records[1]!.id}`,
      ),
    );
    expect((await verify(user.token)).body.data.broken).toMatchObject({
      id: records[1]!.id,
      reason: 'hash_mismatch',
    });
  });

  it('the canonical serialisation is stable (auditors recompute it)', () => {
    const canonical = canonicalOf(
      {
        ownerUserId: 7,
        seq: 1,
        type: 'other',
        deviceRef: null,
        deviceTitle: '',
        assetId: 12,
        site: 'Gate "B"',
        lat: coordinateText(-0.00000001),
        lng: coordinateText(1.23456785),
        occurredAt: new Date('2026-01-02T03:04:05.006Z'),
        officerId: 3,
        officerName: '张三',
        description: 'a\nb',
        createdAt: new Date('2026-01-02T03:05:00.000Z'),
        prevHash: '0'.repeat(64),
      },
      [{ hash: 'a'.repeat(64), kind: 'photo', mime: 'image/png', size: 10 }],
    );
    expect(canonical).toBe(
      `{"v":1,"tenant":7,"seq":1,"type":"other","device_id":null,"device_title":"","asset_id":12,"site":"Gate \\"B\\"","lat":"0.0000000","lng":"1.2345679","occurred_at":"2026-01-02T03:04:05.006Z","officer_id":3,"officer_name":"张三","description":"a\\nb","created_at":"2026-01-02T03:05:00.000Z","files":[{"hash":"${'a'.repeat(64)}","kind":"photo","mime":"image/png","size":10}],"prev_hash":"${'0'.repeat(64)}"}`,
    );
  });
});

describe('enforcement records: scope, permissions, module switch, handling', () => {
  it('another tenant neither lists nor reads nor verifies into the officer’s records', async () => {
    const mine = (await list(officer.token)).body.data.rows[0]!;
    expect((await list(other.token)).body.data.rows.some((r) => r.id === mine.id)).toBe(false);
    expect(
      (await call(t.app, 'GET', `/maintenance/enforcement/${mine.id}`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'POST', `/maintenance/enforcement/${mine.id}/handle`, {
          token: other.token,
          body: {},
        })
      ).status,
    ).toBe(404);
    const theirChain = (await verify(other.token)).body.data;
    expect(theirChain.total).toBe(0);
  });

  it('checks the permissions of each action', async () => {
    const rec = (await list(officer.token)).body.data.rows[0]!;
    expect((await createRecord(t.app, reader.token)).body.code).toBe(10001);
    expect((await uploadEvidence(t.app, reader.token, PNG_BYTES)).code).toBe(10001);
    expect(
      (
        await call(t.app, 'POST', `/maintenance/enforcement/${rec.id}/handle`, {
          token: reader.token,
          body: {},
        })
      ).body.code,
    ).toBe(10001);
    const nobody = await createMaintenanceUser(t, ['maintenance.WorkOrder/index']);
    expect((await list(nobody.token)).body.code).toBe(10001);
    expect((await verify(nobody.token)).body.code).toBe(10001);
  });

  it('handles a record as a work order of type 2; one open order per record; the record shows it', async () => {
    const rec = (await createRecord(t.app, officer.token, { device_id: deviceId, type: 'rectification' }))
      .body.data;
    const handled = await call<WorkOrderDetail>(t.app, 'POST', `/maintenance/enforcement/${rec.id}/handle`, {
      token: officer.token,
      body: { priority: 2 },
      headers: { 'accept-language': 'en' },
    });
    expect(handled.body.code).toBe(0);
    expect(handled.body.data).toMatchObject({
      type: 2,
      status: 0,
      record_id: rec.id,
      device_id: deviceId,
      priority: 2,
      title: `#${rec.seq} Rectification notice: Pump 7`,
      description: rec.description,
    });
    const again = await call(t.app, 'POST', `/maintenance/enforcement/${rec.id}/handle`, {
      token: officer.token,
      body: {},
    });
    expect(again.body).toMatchObject({ code: 20000, msg_key: 'maintenance.enforcementHasOrder' });
    const detail = (
      await call<EnforcementDetail>(t.app, 'GET', `/maintenance/enforcement/${rec.id}`, {
        token: officer.token,
      })
    ).body.data;
    expect(detail).toMatchObject({ order_id: handled.body.data.id, order_status: 0, hash: rec.hash });
    expect((await list(officer.token, '?handled=true')).body.data.rows.map((r) => r.id)).toContain(rec.id);
    expect((await list(officer.token, '?handled=false')).body.data.rows.map((r) => r.id)).not.toContain(
      rec.id,
    );
    // The order's link does not touch the hashed record.
    expect((await verify(officer.token)).body.data.intact).toBe(true);
  });

  it('answers 10001 while law enforcement is off; handling needs maintenance on', async () => {
    const rec = (await createRecord(t.app, officer.token)).body.data;
    const system = createSystemRepository(t.database.db);
    await system.setOption('modules', { lawEnforcement: false });
    try {
      expect((await list(officer.token)).body.code).toBe(10001);
      expect((await verify(officer.token)).body.code).toBe(10001);
      expect((await createRecord(t.app, officer.token)).body.code).toBe(10001);
    } finally {
      await system.setOption('modules', {});
    }
    await system.setOption('modules', { maintenanceManage: false });
    try {
      const res = await call(t.app, 'POST', `/maintenance/enforcement/${rec.id}/handle`, {
        token: officer.token,
        body: {},
      });
      expect(res.body).toMatchObject({ code: 20000, msg_key: 'maintenance.workOrdersOff' });
    } finally {
      await system.setOption('modules', {});
    }
  });
});

describe('enforcement records: export', () => {
  it('exports the chain through a background job with hashes and the canonical serialisation', async () => {
    const { user, records } = await tenantWithChain(3);
    const res = await call<{ id: number }>(t.app, 'POST', '/dataCenter/export', {
      token: user.token,
      body: { kind: 'enforcement', params: {}, format: 'csv', lang: 'en', tz: 'UTC' },
    });
    expect(res.body.code).toBe(0);
    await t.app.exportWorker.runOnce();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dataCenter/fileDownload/${res.body.data.id}/file`,
      headers: { 'x-token': user.token },
    });
    const rows = parseCsv(file.rawPayload.toString('utf8'));
    const header = rows[0]!;
    expect(header.slice(-3)).toEqual(['Previous hash', 'Hash', 'Canonical serialisation']);
    const body = rows.slice(1);
    expect(body.map((r) => Number(r[1]))).toEqual([1, 2, 3]);
    // What an auditor does: sha256(canonical) = hash, and each prev_hash is the previous row's hash.
    body.forEach((r, i) => {
      expect(sha256Hex(r.at(-1)!)).toBe(r.at(-2));
      expect(r.at(-3)).toBe(i === 0 ? '0'.repeat(64) : body[i - 1]!.at(-2));
      expect(r.at(-2)).toBe(records[i]!.hash);
    });
    expect(body[1]![12]).toContain('photo:');
    const refused = await call(t.app, 'POST', '/dataCenter/export', {
      token: (await createMaintenanceUser(t, ['ExportFile', 'maintenance.WorkOrder/index'])).token,
      body: { kind: 'enforcement', params: {} },
    });
    expect(refused.status).toBe(403);
  });
});

describe('enforcement records: concurrent creates', () => {
  it('never fork the chain: parallel creates get consecutive seqs and verify intact (PostgreSQL with TEST_DB=pg)', async () => {
    const user = await createMaintenanceUser(t, OFFICER);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createRecord(t.app, user.token, { description: `Parallel ${i}` })),
    );
    expect(answers.map((a) => a.body.code)).toEqual(Array(8).fill(0));
    expect(answers.map((a) => a.body.data.seq).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const prevs = new Set(answers.map((a) => a.body.data.prev_hash));
    expect(prevs.size).toBe(8);
    expect((await verify(user.token)).body.data).toMatchObject({ intact: true, total: 8 });
  });
});
