import type {
  AssetDetail,
  AssetFileRow,
  AssetImportResult,
  AssetRow,
  ExportJobRow,
  ListResult,
  WorkOrderDetail,
} from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice } from '../../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../../test-support/test-app.js';
import { readSheet, scopeOfUser } from '../../alarms/alarms.fixtures.js';
import { multipart, PNG_BYTES } from '../../graphlib/graphlib.fixtures.js';
import { createSystemRepository } from '../../system/system.repository.js';
import { createMaintenanceUser, createOrder, jpegWithExif, MANAGER } from '../work-orders.fixtures.js';
import { findVisibleAsset } from './assets.repository.js';
import { ledgerAssets } from './assets.table.js';

type User = Awaited<ReturnType<typeof createMaintenanceUser>>;
const ALL = [
  'maintenance.Asset/index',
  'maintenance.Asset/add',
  'maintenance.Asset/edit',
  'maintenance.Asset/delete',
];

let t: TestApp;
let owner: User;
let reader: User;
let other: User;
let nobody: User;
let deviceId: number;
let foreignDeviceId: number;

const DAY = 86_400_000;
const day = (days: number) => new Date(t.clock().getTime() + days * DAY).toISOString().slice(0, 10);
const list = (user: User, query = '') =>
  call<ListResult<AssetRow>>(t.app, 'GET', `/maintenance/asset${query}`, { token: user.token });
const add = (user: User, body: Record<string, unknown>) =>
  call<AssetDetail>(t.app, 'POST', '/maintenance/asset', {
    token: user.token,
    body: { name: 'Pump', ...body },
  });
const detail = (user: User, id: number) =>
  call<AssetDetail>(t.app, 'GET', `/maintenance/asset/${id}`, { token: user.token });

async function upload<T>(user: User, url: string, data: Buffer, filename: string, type: string) {
  const { payload, headers } = multipart([{ name: 'file', filename, type, data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...headers, 'x-token': user.token },
    payload,
  });
  return res.json() as { code: number; msg: string; data: T };
}
const importCsv = (user: User, text: string) =>
  upload<AssetImportResult>(user, '/maintenance/asset/import', Buffer.from(text), 'assets.csv', 'text/csv');

beforeAll(async () => {
  t = await createTestApp();
  owner = await createMaintenanceUser(t, [...ALL, ...MANAGER, 'ExportFile']);
  reader = await createMaintenanceUser(t, ['maintenance.Asset/index'], {
    parentId: owner.user.id,
    isSubuser: true,
  });
  other = await createMaintenanceUser(t, ALL);
  nobody = await createMaintenanceUser(t, MANAGER);
  deviceId = (await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Pump sensor' })).id;
  foreignDeviceId = (await createDevice(t.database, { ownerUserId: other.user.id, title: 'Foreign' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('device ledger: add, read, edit, delete', () => {
  it('adds an asset linked to a device, with the warranty state of today', async () => {
    const res = await add(owner, {
      code: 'PUMP-001',
      name: 'Inlet pump 1',
      model: 'CR 32',
      category: 'Pump',
      location: 'Bay 1',
      lat: 31.23,
      lng: 121.47,
      installed_on: day(-100),
      warranty_until: day(10),
      device_id: deviceId,
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      code: 'PUMP-001',
      device_id: deviceId,
      device_title: 'Pump sensor',
      warranty: 'expiring',
      warranty_days: 10,
      attachments: [],
      work_orders: [],
    });
    const again = await add(owner, { code: 'PUMP-001' });
    expect(again.body.code).toBe(10002);
    expect(again.body.msg).toContain('body.code');
    // Codes are unique per tenant: another tenant may use the same code.
    expect((await add(other, { code: 'PUMP-001' })).body.code).toBe(0);
  });

  it('refuses a device of another tenant, half a position, a bad date; nothing is written', async () => {
    const before = (await list(owner)).body.data.total;
    const foreign = await add(owner, { code: 'X-1', device_id: foreignDeviceId });
    expect(foreign.body.code).toBe(10002);
    expect(foreign.body.msg).toContain('body.device_id');
    expect((await add(owner, { code: 'X-2', lat: 10 })).body.code).toBe(10002);
    expect((await add(owner, { code: 'X-3', warranty_until: '2026-02-30' })).body.code).toBe(10002);
    expect((await add(owner, { code: 'bad code!' })).body.code).toBe(10002);
    expect((await list(owner)).body.data.total).toBe(before);
  });

  it('lists with search, warranty filter and paging, only the caller’s data', async () => {
    await add(owner, { code: 'VALVE-1', name: 'Relief valve', warranty_until: day(-1) });
    await add(owner, { code: 'TANK-1', name: 'Tank', warranty_until: day(400) });
    await add(owner, { code: 'TANK-2', name: 'Tank two' });
    const all = await list(owner, '?limit=10');
    expect(all.body.data.rows.map((r) => r.code)).toEqual(['TANK-2', 'TANK-1', 'VALVE-1', 'PUMP-001']);
    const page2 = await list(owner, '?limit=10&page=1&search=tank');
    expect(page2.body.data.total).toBe(2);
    const states = Object.fromEntries(all.body.data.rows.map((r) => [r.code, [r.warranty, r.warranty_days]]));
    expect(states).toEqual({
      'TANK-2': ['none', null],
      'TANK-1': ['in', 400],
      'VALVE-1': ['out', -1],
      'PUMP-001': ['expiring', 10],
    });
    for (const [filter, codes] of [
      ['out', ['VALVE-1']],
      ['expiring', ['PUMP-001']],
      ['in', ['TANK-1']],
      ['none', ['TANK-2']],
    ] as const)
      expect((await list(owner, `?warranty=${filter}`)).body.data.rows.map((r) => r.code)).toEqual(codes);
    // The reader, a sub-account, sees its parent's assets; the other tenant only its own.
    expect((await list(reader)).body.data.total).toBe(4);
    expect((await list(other)).body.data.rows.map((r) => r.code)).toEqual(['PUMP-001']);
    const pump = all.body.data.rows.find((r) => r.code === 'PUMP-001')!;
    expect((await detail(other, pump.id)).status).toBe(404);
    const scope = scopeOfUser(other.user);
    expect(await findVisibleAsset(t.database.db, scope, pump.id)).toBeUndefined();
    expect(await findVisibleAsset(t.database.db, scopeOfUser(owner.user), pump.id)).toMatchObject({
      code: 'PUMP-001',
      deviceId,
    });
  });

  it('edits (code stays unique) and deletes; permissions are checked per action', async () => {
    const created = (await add(owner, { code: 'EDIT-1' })).body.data;
    const put = (user: User, body: Record<string, unknown>) =>
      call<AssetDetail>(t.app, 'PUT', `/maintenance/asset/${created.id}`, {
        token: user.token,
        body: { name: 'Pump', ...body },
      });
    const edited = await put(owner, { code: 'EDIT-2', name: 'Renamed', status: 2 });
    expect(edited.body.data).toMatchObject({ code: 'EDIT-2', name: 'Renamed', status: 2 });
    expect((await put(owner, { code: 'TANK-1' })).body.code).toBe(10002);
    expect((await put(reader, { code: 'EDIT-3' })).body.code).toBe(10001);
    expect((await put(other, { code: 'EDIT-3' })).status).toBe(404);
    expect((await add(reader, { code: 'NEW-1' })).body.code).toBe(10001);
    expect((await list(nobody)).body.code).toBe(10001);
    const del = (user: User) =>
      call(t.app, 'DELETE', `/maintenance/asset/${created.id}`, { token: user.token });
    expect((await del(reader)).body.code).toBe(10001);
    expect((await del(other)).status).toBe(404);
    expect((await del(owner)).body.code).toBe(0);
    expect((await detail(owner, created.id)).status).toBe(404);
  });

  it('answers 10001 everywhere while the deviceAccount module is off', async () => {
    const system = createSystemRepository(t.database.db);
    await system.setOption('modules', { deviceAccount: false });
    try {
      expect((await list(owner)).body.code).toBe(10001);
      expect((await add(owner, { code: 'OFF-1' })).body.code).toBe(10001);
    } finally {
      await system.setOption('modules', {});
    }
    expect((await list(owner)).body.code).toBe(0);
  });
});

describe('device ledger: attachments', () => {
  it('stores a photo without its EXIF, a PDF as sent; refuses other files; scoped download', async () => {
    const asset = (await add(owner, { code: 'FILES-1' })).body.data;
    const url = `/maintenance/asset/${asset.id}/files`;
    const photo = await upload<AssetFileRow>(
      owner,
      url,
      jpegWithExif(),
      'C:\\fakepath\\pump.jpg',
      'image/jpeg',
    );
    expect(photo.code).toBe(0);
    expect(photo.data).toMatchObject({ name: 'pump.jpg', mime: 'image/jpeg' });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');
    expect((await upload<AssetFileRow>(owner, url, pdf, 'manual.pdf', 'application/pdf')).data).toMatchObject(
      {
        mime: 'application/pdf',
        size: pdf.length,
      },
    );
    const text = await upload(owner, url, Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png');
    expect(text.code).toBe(10002);
    expect((await upload(reader, url, PNG_BYTES, 'a.png', 'image/png')).code).toBe(10001);
    expect((await upload(other, url, PNG_BYTES, 'a.png', 'image/png')).code).not.toBe(0);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1${url}/${photo.data.hash}`,
      headers: { 'x-token': reader.token },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1${url}/${photo.data.hash}`,
      headers: { 'x-token': other.token },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await detail(owner, asset.id)).body.data.attachments).toHaveLength(2);
    const removed = await call(t.app, 'DELETE', `${url}/${photo.data.hash}`, { token: owner.token });
    expect(removed.body.code).toBe(0);
    expect((await detail(owner, asset.id)).body.data.files).toBe(1);
  });
});

describe('device ledger: import and export', () => {
  it('imports all or nothing and names every failed row', async () => {
    const before = (await list(owner)).body.data.total;
    const bad = await importCsv(
      owner,
      [
        'code,name,warranty_until,lat,lng,device_imei',
        'IMP-1,Good row,2030-01-01,,,',
        'IMP-1,Repeats the code,,,,',
        'TANK-1,Code already used,,,,',
        'IMP-2,,,,,',
        'IMP-3,Bad date,2030-13-01,,,',
        'IMP-4,Unknown device,,,,999999999',
        '"IMP-5","Quoted, with comma",,10,20,',
      ].join('\n'),
    );
    expect(bad.code).toBe(0);
    expect(bad.data.created).toBe(0);
    expect(bad.data.rows).toBe(7);
    expect(bad.data.failed.map((f) => [f.row, f.code])).toEqual([
      [3, 'IMP-1'],
      [4, 'TANK-1'],
      [5, 'IMP-2'],
      [6, 'IMP-3'],
      [7, 'IMP-4'],
    ]);
    expect(bad.data.failed[0]!.reason).toContain('repeats row 2');
    expect(bad.data.failed[4]!.reason).toContain('device_imei');
    expect((await list(owner)).body.data.total).toBe(before);

    const good = await importCsv(
      owner,
      '\uFEFFcode,name,category,warranty_until\r\nIMP-1,Imported one,Pump,2030-01-01\r\n"IMP-5","Quoted, with comma",,\r\n',
    );
    expect(good.data).toEqual({ rows: 2, created: 2, failed: [] });
    const rows = (await list(owner, '?search=IMP-')).body.data.rows;
    expect(rows.map((r) => r.name).sort()).toEqual(['Imported one', 'Quoted, with comma']);
    expect((await importCsv(reader, 'code,name\nR-1,x\n')).code).toBe(10001);
    expect((await importCsv(owner, 'nothing,here\n1,2\n')).code).toBe(10002);
  });

  it('exports through the background jobs, and the export imports back under another tenant', async () => {
    const job = await call<ExportJobRow>(t.app, 'POST', '/dataCenter/export', {
      token: owner.token,
      body: { kind: 'assets', params: { search: 'IMP-' }, format: 'xlsx', lang: 'en' },
    });
    expect(job.body.code).toBe(0);
    await t.app.exportWorker.runOnce();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dataCenter/fileDownload/${job.body.data.id}/file`,
      headers: { 'x-token': owner.token },
    });
    expect(file.statusCode).toBe(200);
    const sheet = await readSheet(file.rawPayload);
    expect(sheet[0]!.slice(0, 3)).toEqual(['Asset code', 'Name', 'Model']);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(['IMP-1', 'IMP-5']);
    expect(sheet[1]![14]).toBe('In warranty');
    const back = await upload<AssetImportResult>(
      other,
      '/maintenance/asset/import',
      file.rawPayload,
      'export.xlsx',
      'application/octet-stream',
    );
    expect(back.data).toEqual({ rows: 2, created: 2, failed: [] });
    // The export needs the ledger's own read permission besides ExportFile.
    const refused = await call(t.app, 'POST', '/dataCenter/export', {
      token: nobody.token,
      body: { kind: 'assets', params: {} },
    });
    expect(refused.body.code).toBe(10001);
  });
});

describe('device ledger: work orders on an asset', () => {
  it('raises an order on an asset (its device comes along), lists it in the asset, clears it on delete', async () => {
    const pump = (await list(owner, '?search=PUMP-001')).body.data.rows[0]!;
    const order = await createOrder(t.app, owner.token, { type: 1, title: 'Seal leaks', asset_id: pump.id });
    expect(order.body.code).toBe(0);
    expect(order.body.data).toMatchObject({
      asset_id: pump.id,
      asset_title: 'PUMP-001 Inlet pump 1',
      device_id: deviceId,
    });
    const foreign = (await list(other, '?search=PUMP-001')).body.data.rows[0]!;
    const refused = await createOrder(t.app, owner.token, { title: 'No', asset_id: foreign.id });
    expect(refused.body.code).toBe(10002);
    expect(refused.body.msg).toContain('body.asset_id');
    expect((await detail(owner, pump.id)).body.data.work_orders).toEqual([
      expect.objectContaining({ id: order.body.data.id, title: 'Seal leaks', status: 0 }),
    ]);
    const filtered = await call<ListResult<WorkOrderDetail>>(
      t.app,
      'GET',
      `/maintenance/work-orders?asset_id=${pump.id}`,
      { token: owner.token },
    );
    expect(filtered.body.data.rows.map((r) => r.id)).toEqual([order.body.data.id]);
    await call(t.app, 'DELETE', `/maintenance/asset/${pump.id}`, { token: owner.token });
    const after = await call<WorkOrderDetail>(
      t.app,
      'GET',
      `/maintenance/work-orders/${order.body.data.id}`,
      {
        token: owner.token,
      },
    );
    expect(after.body.data).toMatchObject({ asset_id: null, asset_title: null, device_id: deviceId });
    const [gone] = await t.database.db.select().from(ledgerAssets).where(eq(ledgerAssets.id, pump.id));
    expect(gone).toBeUndefined();
  });
});
