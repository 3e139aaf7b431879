import type { ExportJobRow, ListResult } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { insertAlarm, readSheet } from '../alarms/alarms.fixtures.js';
import { devices } from '../devices/devices.table.js';
import {
  createExportUser,
  createPoint,
  insertHistory,
  insertHistorySeries,
  parseCsv,
} from './exports.fixtures.js';
import { exportJobs } from './exports.table.js';

type User = Awaited<ReturnType<typeof createExportUser>>;

let t: TestApp;
/** ExportFile + the device permissions. */
let owner: User;
let other: User;
let boiler: { id: number };
let statePoint: { id: number };
let tempPoint: { id: number };
let bulkPoint: { id: number };
const BASE = new Date('2026-03-01T00:00:00.000Z');
const DAY = 86_400;
const at = (seconds: number) => new Date(BASE.getTime() + seconds * 1000);

const post = (user: User, body: object) =>
  call<ExportJobRow>(t.app, 'POST', '/dataCenter/export', { token: user.token, body });
const list = (user: User, query = '') =>
  call<ListResult<ExportJobRow>>(t.app, 'GET', `/dataCenter/fileDownload${query}`, { token: user.token });
const jobOf = async (user: User, id: number) =>
  (await list(user, '?limit=100')).body.data.rows.find((r) => r.id === id);
const download = (user: User, id: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/dataCenter/fileDownload/${id}/file`,
    headers: { 'x-token': user.token },
  });
const jobRows = (userId: number) =>
  t.database.db.select().from(exportJobs).where(eq(exportJobs.userId, userId));

beforeAll(async () => {
  t = await createTestApp();
  owner = await createExportUser(t, ['ExportFile', 'DeviceManage', 'Event', 'DataReportV2']);
  other = await createExportUser(t, ['ExportFile', 'DeviceManage']);
  boiler = await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Boiler' });
  statePoint = await createPoint(t.database, boiler.id, {
    name: 'state',
    title: 'Burner state',
    translate: [
      { range: { lolmt: 0, uplmt: 0 }, text: 'stopped' },
      { range: { lolmt: 1, uplmt: 1 }, text: 'running' },
    ],
  });
  tempPoint = await createPoint(t.database, boiler.id, { name: 'temp', title: 'Water temp', unit: '°C' });
  bulkPoint = await createPoint(t.database, boiler.id, { name: 'bulk' });
  await insertHistory(t.database, statePoint.id, [
    { ts: at(0), value: 0 },
    { ts: at(60), value: 1 },
    { ts: at(120), value: 7 },
  ]);
  await insertHistory(t.database, tempPoint.id, [{ ts: at(60), value: 21.5 }]);
});

afterAll(async () => {
  await t?.close();
});

describe('history export', () => {
  it('writes the readings in time order with translated values, read back with exceljs', async () => {
    const res = await post(owner, {
      kind: 'history',
      params: {
        point_ids: `${statePoint.id},${tempPoint.id}`,
        starttime: at(0).toISOString(),
        endtime: at(3600).toISOString(),
        order: 'asc',
      },
      format: 'xlsx',
      lang: 'en',
      tz: 'Asia/Shanghai',
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      kind: 'history',
      status: 'queued',
      format: 'xlsx',
      title: 'History',
    });
    await t.app.exportWorker.runOnce();

    const job = await jobOf(owner, res.body.data.id);
    expect(job).toMatchObject({ status: 'done', progress: 100, rows: 4, format: 'xlsx', error: '' });
    expect(job!.file_name).toMatch(/^History-\d{8}-\d{4}\.xlsx$/);
    expect(new Date(job!.expires_at!).getTime() - new Date(job!.finished_at!).getTime()).toBe(7 * 86_400_000);

    const file = await download(owner, res.body.data.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${job!.file_name}`);
    expect(Number(file.headers['content-length'])).toBe(job!.size);
    const sheet = await readSheet(file.rawPayload);
    expect(sheet).toEqual([
      ['Time', 'Device', 'Data point', 'Value', 'Raw value', 'Unit'],
      // Empty trailing cells (no unit) are not in the row.
      ['2026-03-01 08:00:00', 'Boiler', 'Burner state', 'stopped', 0],
      ['2026-03-01 08:01:00', 'Boiler', 'Burner state', 'running', 1],
      ['2026-03-01 08:01:00', 'Boiler', 'Water temp', 21.5, 21.5, '°C'],
      // No translation matches 7: the raw value stands.
      ['2026-03-01 08:02:00', 'Boiler', 'Burner state', 7, 7],
    ]);
  });

  it('names the file in the language of the job (UTF-8 file name)', async () => {
    const res = await post(owner, {
      kind: 'history',
      params: {
        point_ids: String(tempPoint.id),
        starttime: at(0).toISOString(),
        endtime: at(3600).toISOString(),
      },
      format: 'csv',
      lang: 'zh',
    });
    await t.app.exportWorker.runOnce();
    const job = await jobOf(owner, res.body.data.id);
    expect(job!.file_name).toMatch(/^历史数据-\d{8}-\d{4}\.csv$/);
    const file = await download(owner, res.body.data.id);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(job!.file_name)}`,
    );
    expect(parseCsv(file.rawPayload.toString('utf8'))[0]).toEqual([
      '时间',
      '设备名称',
      '数据点',
      '值',
      '原始值',
      '单位',
    ]);
  });

  it("refuses points of devices outside the owner's scope when the job runs", async () => {
    const foreign = await createDevice(t.database, { ownerUserId: other.user.id, title: 'Foreign' });
    const point = await createPoint(t.database, foreign.id, { name: 'x' });
    const res = await post(owner, {
      kind: 'history',
      params: { point_ids: String(point.id), starttime: at(0).toISOString(), endtime: at(60).toISOString() },
    });
    await t.app.exportWorker.runOnce();
    expect(await jobOf(owner, res.body.data.id)).toMatchObject({
      status: 'failed',
      error: 'point not found',
    });
  });
});

describe('csv', () => {
  it('quotes fields as RFC 4180 says, starts with a BOM and defuses formulas', async () => {
    const tricky = await createDevice(t.database, { ownerUserId: owner.user.id });
    await t.database.db
      .update(devices)
      .set({ title: 'Pump, "north"\nline 2' })
      .where(eq(devices.id, tricky.id));
    const formula = await createDevice(t.database, { ownerUserId: owner.user.id });
    await t.database.db.update(devices).set({ title: '=HYPERLINK("x")' }).where(eq(devices.id, formula.id));

    const res = await post(owner, {
      kind: 'devices',
      params: { sort: 'id', order: 'asc' },
      format: 'csv',
      lang: 'en',
    });
    await t.app.exportWorker.runOnce();
    const file = await download(owner, res.body.data.id);
    const text = file.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFDevice,IMEI,Model,Protocol,Status,Online since,Group,Project\r\n')).toBe(
      true,
    );
    expect(text).toContain('"Pump, ""north""\nline 2"');
    const rows = parseCsv(text);
    expect(rows.map((r) => r[0])).toEqual(['Device', 'Boiler', 'Pump, "north"\nline 2', `'=HYPERLINK("x")`]);
    expect(rows[1]![4]).toBe('Offline');
    expect((await jobOf(owner, res.body.data.id))!.rows).toBe(3);
  });
});

describe('permissions and ownership', () => {
  it('answers 10001 without ExportFile and without the permission of the data', async () => {
    const noExport = await createExportUser(t, ['DeviceManage']);
    const noData = await createExportUser(t, ['ExportFile']);
    const a = await post(noExport, { kind: 'devices', params: {} });
    expect([a.status, a.body.code]).toEqual([403, 10001]);
    expect((await list(noExport)).body.code).toBe(10001);
    for (const kind of ['devices', 'alarmlog', 'statreport', 'report', 'history']) {
      const b = await post(noData, { kind, params: {} });
      expect([kind, b.status, b.body.code]).toEqual([kind, 403, 10001]);
    }
    expect(await jobRows(noData.user.id)).toHaveLength(0);
  });

  it("keeps another user's jobs out of reach (404)", async () => {
    const res = await post(owner, { kind: 'devices', params: {}, format: 'csv' });
    await t.app.exportWorker.runOnce();
    expect((await download(owner, res.body.data.id)).statusCode).toBe(200);
    const theirs = await download(other, res.body.data.id);
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 50000]);
    const del = await call(t.app, 'DELETE', `/dataCenter/fileDownload/${res.body.data.id}`, {
      token: other.token,
    });
    expect([del.status, del.body.code]).toEqual([404, 50000]);
    expect((await list(other)).body.data.rows.some((r) => r.id === res.body.data.id)).toBe(false);
    expect(await jobOf(owner, res.body.data.id)).toMatchObject({ status: 'done' });
  });

  it('refuses bad params with 10002 naming the field, and queues nothing', async () => {
    const user = await createExportUser(t, ['ExportFile', 'DeviceManage', 'Event']);
    const cases: [object, RegExp][] = [
      [
        { kind: 'history', params: { point_ids: 'abc', starttime: '0', endtime: '10' } },
        /^body\.params\.point_ids: /,
      ],
      [
        { kind: 'history', params: { point_ids: '1', starttime: 'yesterday', endtime: '10' } },
        /^body\.params\.starttime: /,
      ],
      [{ kind: 'alarmlog', params: { status: '9' } }, /^body\.params\.status: /],
      [{ kind: 'devices', params: { sort: 'nope' } }, /^body\.params\.sort: /],
      [{ kind: 'statreport', params: { device_id: '-1' } }, /^body\.params\.device_id: /],
      [{ kind: 'devices', params: {}, format: 'pdf' }, /^body\.format: /],
    ];
    for (const [body, msg] of cases) {
      const res = await post(user, body);
      expect([res.status, res.body.code]).toEqual([400, 10002]);
      expect(res.body.msg).toMatch(msg);
    }
    expect(await jobRows(user.user.id)).toHaveLength(0);
  });
});

describe('limits', () => {
  it('allows 3 queued or running jobs per user (20000 beyond)', async () => {
    const user = await createExportUser(t, ['ExportFile', 'DeviceManage']);
    // Jobs held by a live worker of another instance (fresh heartbeat): this instance leaves them alone.
    const held = await t.database.db
      .insert(exportJobs)
      .values(
        [1, 2, 3].map(() => ({
          userId: user.user.id,
          kind: 'devices',
          params: {},
          format: 'csv',
          status: 'running',
          lockedBy: 'elsewhere',
          heartbeatAt: t.clock(),
        })),
      )
      .returning();
    const refused = await post(user, { kind: 'devices', params: {} });
    expect(refused.body.code).toBe(20000);
    expect(refused.body.data).toMatch(/at most 3 exports/);
    expect(await jobRows(user.user.id)).toHaveLength(3);

    const del = await call(t.app, 'DELETE', `/dataCenter/fileDownload/${held[0]!.id}`, { token: user.token });
    expect(del.body.code).toBe(0);
    expect((await post(user, { kind: 'devices', params: {} })).body.code).toBe(0);
  });
});

describe('a running export', () => {
  it('does not hold up the API: a list answer arrives while 50,000 rows are written', async () => {
    await insertHistorySeries(t.database, bulkPoint.id, at(10_000), 50_000);
    const res = await post(owner, {
      kind: 'history',
      params: {
        point_ids: String(bulkPoint.id),
        starttime: at(10_000).toISOString(),
        endtime: at(100_000).toISOString(),
        order: 'asc',
      },
      format: 'csv',
    });
    expect(res.body.code).toBe(0);
    // The POST woke the worker; these answers come back while it writes.
    const seen: string[] = [];
    let during: ExportJobRow | undefined;
    for (let i = 0; i < 500 && !during; i += 1) {
      const job = await jobOf(owner, res.body.data.id);
      seen.push(job!.status);
      if (job!.status === 'running' && job!.rows > 0) during = job;
      if (job!.status === 'done' || job!.status === 'failed') break;
    }
    expect(during, `statuses seen: ${[...new Set(seen)].join(', ')}`).toBeDefined();
    expect(during!.rows).toBeLessThan(50_000);
    expect(during!.progress).toBeLessThan(100);

    await t.app.exportWorker.runOnce();
    expect(await jobOf(owner, res.body.data.id)).toMatchObject({
      status: 'done',
      rows: 50_000,
      progress: 100,
    });
    const rows = parseCsv((await download(owner, res.body.data.id)).rawPayload.toString('utf8'));
    expect(rows).toHaveLength(50_001);
    expect(rows[1]![3]).toBe('0');
    expect(rows[50_000]![3]).toBe('49999');
  });
});

describe('other kinds', () => {
  const csvOf = async (body: object) => {
    const res = await post(owner, { format: 'csv', lang: 'en', tz: 'UTC', ...body });
    expect(res.body.code).toBe(0);
    await t.app.exportWorker.runOnce();
    const job = await jobOf(owner, res.body.data.id);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'done' });
    return parseCsv((await download(owner, res.body.data.id)).rawPayload.toString('utf8'));
  };

  it('exports the alarm log with the columns of its xlsx export', async () => {
    await insertAlarm(t.database, {
      deviceId: boiler.id,
      at: at(30),
      pointName: 'temp',
      pointTitle: 'Water temp',
      value: 95,
    });
    const rows = await csvOf({ kind: 'alarmlog', params: { device_id: String(boiler.id) } });
    expect(rows[0]!.slice(0, 4)).toEqual(['Time', 'Device', 'IMEI', 'Data point']);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 2)).toEqual(['2026-03-01 00:00:30', 'Boiler']);
    expect(rows[1]![3]).toBe('Water temp');
  });

  it('exports the statistics report', async () => {
    const rows = await csvOf({
      kind: 'statreport',
      params: {
        starttime: at(0).toISOString(),
        endtime: at(3600).toISOString(),
        device_id: String(boiler.id),
      },
    });
    expect(rows[0]!.slice(0, 3)).toEqual(['Device', 'IMEI', 'Alarms']);
    expect(rows[0]!.at(-1)).toBe('Time offline');
    expect(rows[1]!.slice(0, 1)).toEqual(['Boiler']);
    expect(rows[1]![2]).toBe('1');
  });

  it('exports the data report through the reports module', async () => {
    const rows = await csvOf({
      kind: 'report',
      params: {
        device_id: String(boiler.id),
        point_names: 'temp',
        period: 'day',
        starttime: BASE.toISOString(),
        endtime: at(DAY).toISOString(),
        tz: 'UTC',
      },
    });
    expect(rows[0]).toEqual([
      'Period',
      'Device',
      'Data point',
      'Unit',
      'Readings',
      'Min',
      'Max',
      'Average',
      'First',
      'Last',
      'Difference',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        '2026-03-01',
        'Boiler',
        'Water temp',
        '°C',
        '1',
        '21.5',
        '21.5',
        '21.5',
        '21.5',
        '21.5',
        expect.any(String),
      ],
    ]);
  });
});
