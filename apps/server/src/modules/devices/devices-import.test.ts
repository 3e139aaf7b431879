import { IMPORT_COLUMNS, type ImportResult } from '@fleet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice, createDeviceUser, nextImei } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createDevicesRepository } from './devices.repository.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
const deviceCount = () => createDevicesRepository(t.database.db).count();

beforeAll(async () => {
  t = await createTestApp();
  owner = await createDeviceUser(t);
});
afterAll(async () => {
  await t?.close();
});

async function downloadTemplate(): Promise<ExcelJS.Workbook> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/device/downloadTemplate',
    headers: { 'x-token': owner.token },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(res.headers['content-disposition']).toContain('device-import.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}

async function upload(file: Buffer, token = owner.token) {
  const boundary = `----fleet${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="devices.xlsx"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/device/import',
    headers: { 'x-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, file, tail]),
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: ImportResult } };
}

async function fill(rows: Record<string, string | number | undefined>[]): Promise<Buffer> {
  const wb = await downloadTemplate();
  const sheet = wb.getWorksheet('devices')!;
  for (const row of rows) sheet.addRow(IMPORT_COLUMNS.map((k) => row[k] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('device import', () => {
  it('offers a template whose first row holds the column keys', async () => {
    const wb = await downloadTemplate();
    const header = wb.getWorksheet('devices')!.getRow(1).values as unknown[];
    expect(header.slice(1)).toEqual([...IMPORT_COLUMNS]);
    expect(wb.getWorksheet('help')).toBeDefined();
  });

  it('imports 1,000 devices from the template in one go', async () => {
    const before = await deviceCount();
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      device_imei: nextImei(),
      device_title: `Imported ${i}`,
      protocol: i % 2 === 0 ? 1 : 3,
      gateway_protocol: i % 2 === 0 ? 'Modbus_RTU' : '',
      lat: 30.5,
      lng: 114.3,
    }));
    const file = await fill(rows);
    const started = performance.now();
    const res = await upload(file);
    const ms = Math.round(performance.now() - started);
    console.info(`[import timing] 1000 devices imported in ${ms} ms (${t.database.kind})`);
    expect(res.body).toMatchObject({ code: 0, data: { created: 1000, failed: [] } });
    expect(await deviceCount()).toBe(before + 1000);
  });

  it('imports nothing when one row is bad, and reports every bad row', async () => {
    const taken = await createDevice(t.database, { ownerUserId: owner.user.id });
    const dup = nextImei();
    const rows = [
      ...Array.from({ length: 20 }, () => ({ device_imei: nextImei() })),
      { device_imei: '12ab' },
      { device_imei: nextImei(), protocol: 42 },
      { device_imei: taken.imei },
      { device_imei: dup },
      { device_imei: dup },
      { device_imei: nextImei(), gateway_protocol: 'Profibus' },
    ];
    const before = await deviceCount();
    const res = await upload(await fill(rows));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(10002);
    expect(res.body.msg).toMatch(/5 of 26 rows failed/);
    expect(res.body.data.created).toBe(0);
    expect(res.body.data.failed.map((f) => [f.row, f.reason.split(':')[0]])).toEqual([
      [22, 'device_imei'],
      [23, 'protocol'],
      [24, 'device_imei'],
      [26, 'device_imei'],
      [27, 'gateway_protocol'],
    ]);
    expect(res.body.data.failed[2]!.reason).toMatch(/already registered/);
    expect(res.body.data.failed[3]!.reason).toBe('device_imei: repeats row 25');
    expect(await deviceCount()).toBe(before);
  });

  it('refuses a file that is not a workbook', async () => {
    const res = await upload(Buffer.from('not a zip'));
    expect(res.body.code).toBe(10002);
    expect(res.body.msg).toMatch(/^file: /);
  });

  it('imports IMEIs one per line (SPEC 5) and reports bad lines', async () => {
    const a = nextImei();
    const b = nextImei();
    const ok = await call<ImportResult>(t.app, 'POST', '/device/import', {
      token: owner.token,
      body: { imeis: `${a}\n\n  ${b}  \r\n`, protocol: 3 },
    });
    expect(ok.body).toMatchObject({ code: 0, data: { created: 2 } });
    const before = await deviceCount();
    const bad = await call<ImportResult>(t.app, 'POST', '/device/import', {
      token: owner.token,
      body: { imeis: `${nextImei()}\n${a}\nxyz` },
    });
    expect(bad.body.code).toBe(10002);
    expect(bad.body.data.failed).toEqual([
      { row: 2, imei: a, reason: 'device_imei: already registered' },
      { row: 3, imei: 'xyz', reason: 'device_imei: IMEI must be 6-20 digits' },
    ]);
    expect(await deviceCount()).toBe(before);
    const empty = await call(t.app, 'POST', '/device/import', {
      token: owner.token,
      body: { imeis: '\n \n' },
    });
    expect(empty.body.msg).toMatch(/^body\.imeis: /);
    const unknown = await call(t.app, 'POST', '/device/import', { token: owner.token, body: { lines: 'x' } });
    expect(unknown.body.code).toBe(10002);
  });

  it('imports nothing beyond the device limit', async () => {
    const limited = await createDeviceUser(t, { deviceLimit: 3 });
    const before = await deviceCount();
    const res = await call(t.app, 'POST', '/device/import', {
      token: limited.token,
      body: { imeis: [nextImei(), nextImei(), nextImei(), nextImei()].join('\n') },
    });
    expect(res.body.code).toBe(20000);
    expect(await deviceCount()).toBe(before);
  });
});
