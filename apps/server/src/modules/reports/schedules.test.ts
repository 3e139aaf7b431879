import type { ExportJobRow, ReportScheduleRow } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertTestPoint } from '../../pipeline/pipeline.fixtures.js';
import { BUS } from '../../platform/bus/event-bus.js';
import { createFileStore } from '../../platform/files/file-store.js';
import { call, createDevice } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createAlarmUser } from '../alarms/alarms.fixtures.js';
import { contacts, noticeOutbox } from '../contacts/contacts.table.js';
import { createExportWorker } from '../exports/export-worker.js';
import { exportJobs } from '../exports/exports.table.js';
import { deviceGroups } from '../groups/groups.table.js';
import { createReportRepository } from './report.repository.js';
import { createReportService } from './report.service.js';
import { insertReadings } from './reports.fixtures.js';
import { reportSchedules } from './reports.table.js';

let t: TestApp;
let token: string;
let ownerId: number;
let otherToken: string;
let deviceId: number;
let groupId: number;
let otherDevice: number;
let mailA: number;
let mailB: number;
let noMail: number;
let otherContact: number;
let wakes = 0;

async function contact(owner: number, email: string): Promise<number> {
  const [row] = await t.database.db
    .insert(contacts)
    .values({ ownerUserId: owner, name: email || 'none', email, language: 'en' })
    .returning({ id: contacts.id });
  return row!.id;
}

function create(body: Record<string, unknown>, as = token) {
  return call<ReportScheduleRow>(t.app, 'POST', '/dataCenter/reportSchedule', {
    token: as,
    body: { name: 'Daily', period: 'day', device_id: deviceId, contact_ids: [mailA, mailB], ...body },
  });
}

async function created(body: Record<string, unknown>): Promise<ReportScheduleRow> {
  const res = await create(body);
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data;
}

async function schedule(id: number) {
  const [row] = await t.database.db.select().from(reportSchedules).where(eq(reportSchedules.id, id));
  return row!;
}

async function jobsOf(scheduleId: number) {
  const s = await schedule(scheduleId);
  if (!s.lastExportId) return [];
  return t.database.db.select().from(exportJobs).where(eq(exportJobs.id, s.lastExportId));
}

beforeAll(async () => {
  t = await createTestApp();
  // The tests drive the scheduler with tick(now); the app's own timer stays out of the way.
  await t.app.reportScheduler.stop();
  await t.app.exportWorker.stop();
  // The outbox worker would claim the report notices the moment the wake arrives (and fail them: no
  // SMTP here), racing the assertions that they were queued 'pending'.
  await t.app.noticeWorker.stop();
  t.runtime.bus.subscribe(BUS.noticeWake, () => {
    wakes += 1;
  });
  // The export worker builds a job only for an owner who may export files (ExportFile) and read the report.
  const owner = await createAlarmUser(t, ['DataReportV2', 'ExportFile']);
  token = owner.token;
  ownerId = owner.user.id;
  const other = await createAlarmUser(t, ['DataReportV2']);
  otherToken = other.token;
  deviceId = (await createDevice(t.database, { ownerUserId: ownerId, title: 'Boiler' })).id;
  otherDevice = (await createDevice(t.database, { ownerUserId: other.user.id })).id;
  const [g] = await t.database.db
    .insert(deviceGroups)
    .values({ ownerUserId: ownerId, name: 'Plant' })
    .returning({ id: deviceGroups.id });
  groupId = g!.id;
  mailA = await contact(ownerId, 'a@example.com');
  mailB = await contact(ownerId, 'b@example.com');
  noMail = await contact(ownerId, '');
  otherContact = await contact(other.user.id, 'x@example.com');
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  // Each test starts without schedules (their jobs stay: they belong to no schedule any more).
  await t.database.db.delete(reportSchedules);
});

describe('report schedules API', () => {
  it('creates a schedule whose next run is the end of the current period plus send_at_minute', async () => {
    t.clock.set(new Date('2026-03-28T10:00:00Z'));
    const row = await created({ tz: 'Europe/Berlin', send_at_minute: 60, point_names: ['temp'] });
    expect(row).toMatchObject({
      name: 'Daily',
      period: 'day',
      device_id: deviceId,
      group_id: null,
      subject_title: 'Boiler',
      point_names: ['temp'],
      tz: 'Europe/Berlin',
      contact_ids: [mailA, mailB],
      enabled: true,
      next_run_at: '2026-03-29T00:00:00.000Z', // 01:00 CET on the 29th
      last_run_at: null,
      last_error: '',
    });
    const group = await created({
      device_id: null,
      group_id: groupId,
      period: 'month',
      tz: 'Asia/Shanghai',
      send_at_minute: 30,
    });
    expect(group.subject_title).toBe('Plant');
    expect(group.next_run_at).toBe('2026-03-31T16:30:00.000Z'); // 1 April 00:30 Shanghai
    const list = await call<{ rows: ReportScheduleRow[]; total: number }>(
      t.app,
      'GET',
      '/dataCenter/reportSchedule',
      { token },
    );
    expect(list.body.data.total).toBe(2);
    const theirs = await call<{ total: number }>(t.app, 'GET', '/dataCenter/reportSchedule', {
      token: otherToken,
    });
    expect(theirs.body.data.total).toBe(0);
  });

  it('refuses bad subjects and contacts with an error naming the field, and stores nothing', async () => {
    const cases: [Record<string, unknown>, number, RegExp | null][] = [
      [{ group_id: groupId }, 10002, /^body\.device_id: /],
      [{ device_id: null }, 10002, /^body\.device_id: /],
      [{ contact_ids: [mailA, otherContact] }, 10002, /^body\.contact_ids: contact \d+ not found/],
      [{ contact_ids: [noMail] }, 10002, /^body\.contact_ids: contact \d+ has no e-mail/],
      [{ contact_ids: [] }, 10002, /contact_ids/],
      [{ tz: 'Mars/Olympus' }, 10002, /tz/],
      [{ device_id: otherDevice }, 50000, null],
    ];
    for (const [body, code, msg] of cases) {
      const res = await create(body);
      expect(res.body.code, JSON.stringify(body)).toBe(code);
      if (msg) expect(res.body.msg).toMatch(msg);
    }
    expect(await t.database.db.select().from(reportSchedules)).toEqual([]);
    const plain = await createAlarmUser(t, ['Event']);
    expect((await create({}, plain.token)).body.code).toBe(10001);
    // The report is delivered as an export file: without ExportFile no schedule (otherToken lacks it).
    expect((await create({}, otherToken)).body.code).toBe(10001);
  });

  it('updates partially (retiming the next run) and keeps other users out', async () => {
    t.clock.set(new Date('2026-06-10T12:00:00Z'));
    const row = await created({ tz: 'UTC', send_at_minute: 0 });
    expect(row.next_run_at).toBe('2026-06-11T00:00:00.000Z');
    const put = await call<ReportScheduleRow>(t.app, 'PUT', `/dataCenter/reportSchedule/${row.id}`, {
      token,
      body: { tz: 'Asia/Kolkata', send_at_minute: 90 },
    });
    expect(put.body.data).toMatchObject({
      name: 'Daily',
      device_id: deviceId,
      contact_ids: [mailA, mailB],
      tz: 'Asia/Kolkata',
      next_run_at: '2026-06-10T20:00:00.000Z', // 11 June 01:30 IST
    });
    const renamed = await call<ReportScheduleRow>(t.app, 'PUT', `/dataCenter/reportSchedule/${row.id}`, {
      token,
      body: { name: 'Renamed' },
    });
    expect(renamed.body.data).toMatchObject({ name: 'Renamed', next_run_at: '2026-06-10T20:00:00.000Z' });
    for (const [method, url] of [
      ['PUT', `/dataCenter/reportSchedule/${row.id}`],
      ['DELETE', `/dataCenter/reportSchedule/${row.id}`],
      ['POST', `/dataCenter/reportSchedule/${row.id}/run`],
    ] as const) {
      const res = await call(t.app, method, url, {
        token: otherToken,
        body: method === 'PUT' ? { name: 'x' } : undefined,
      });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const del = await call(t.app, 'DELETE', `/dataCenter/reportSchedule/${row.id}`, { token });
    expect(del.body.code).toBe(0);
    expect(await t.database.db.select().from(reportSchedules)).toEqual([]);
  });
});

describe('the report scheduler', () => {
  it('queues the export of the day that just ended and moves next_run_at across DST', async () => {
    t.clock.set(new Date('2026-03-28T10:00:00Z'));
    const row = await created({
      tz: 'Europe/Berlin',
      send_at_minute: 60,
      point_names: ['temp', 'energy'],
      lang: 'es',
    });
    // Not due a minute early.
    expect(await t.app.reportScheduler.tick(new Date('2026-03-28T23:59:00Z'))).toMatchObject({ queued: 0 });
    expect(await t.app.reportScheduler.tick(new Date('2026-03-29T00:00:00Z'))).toMatchObject({ queued: 1 });
    const [job] = await jobsOf(row.id);
    expect(job).toMatchObject({
      userId: ownerId,
      kind: 'report',
      title: 'Daily 2026-03-28',
      format: 'xlsx',
      lang: 'es',
      tz: 'Europe/Berlin',
      status: 'queued',
      params: {
        device_id: String(deviceId),
        point_names: 'temp,energy',
        period: 'day',
        starttime: '2026-03-27T23:00:00.000Z',
        endtime: '2026-03-28T23:00:00.000Z',
        tz: 'Europe/Berlin',
      },
    });
    const s = await schedule(row.id);
    expect(s.nextRunAt.toISOString()).toBe('2026-03-29T23:00:00.000Z'); // 01:00 CEST on the 30th
    expect(s.lastRunAt?.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    // A second tick at the same time does nothing more.
    expect(await t.app.reportScheduler.tick(new Date('2026-03-29T00:00:30Z'))).toMatchObject({ queued: 0 });
    await t.app.reportScheduler.tick(new Date('2026-03-29T23:00:00Z'));
    const [next] = await jobsOf(row.id);
    expect(next!.params).toMatchObject({
      starttime: '2026-03-28T23:00:00.000Z',
      endtime: '2026-03-29T22:00:00.000Z',
    });
    expect(next!.title).toBe('Daily 2026-03-29');
  });

  it('runs monthly schedules at month end and weekly ones on Monday', async () => {
    t.clock.set(new Date('2026-01-15T00:00:00Z'));
    const monthly = await created({
      period: 'month',
      tz: 'Asia/Shanghai',
      send_at_minute: 30,
      name: 'Monthly',
    });
    expect(monthly.next_run_at).toBe('2026-01-31T16:30:00.000Z');
    t.clock.set(new Date('2026-11-18T08:00:00Z'));
    const weekly = await created({ period: 'week', tz: 'UTC', send_at_minute: 1439, name: 'Weekly' });
    expect(weekly.next_run_at).toBe('2026-11-23T23:59:00.000Z');

    await t.app.reportScheduler.tick(new Date('2026-01-31T16:30:00Z'));
    const [m] = await jobsOf(monthly.id);
    expect(m).toMatchObject({
      title: 'Monthly 2026-01',
      params: { starttime: '2025-12-31T16:00:00.000Z', endtime: '2026-01-31T16:00:00.000Z', period: 'month' },
    });
    expect((await schedule(monthly.id)).nextRunAt.toISOString()).toBe('2026-02-28T16:30:00.000Z');

    await t.app.reportScheduler.tick(new Date('2026-11-23T23:59:00Z'));
    const [w] = await jobsOf(weekly.id);
    expect(w).toMatchObject({
      title: 'Weekly 2026-W47',
      params: { starttime: '2026-11-16T00:00:00.000Z', endtime: '2026-11-23T00:00:00.000Z' },
    });
    expect((await schedule(weekly.id)).nextRunAt.toISOString()).toBe('2026-11-30T23:59:00.000Z');
  });

  it('skips disabled schedules and lets two concurrent ticks queue a due schedule once', async () => {
    t.clock.set(new Date('2026-05-01T12:00:00Z'));
    const on = await created({ tz: 'UTC', send_at_minute: 0 });
    const off = await created({ tz: 'UTC', send_at_minute: 0, enabled: false });
    const at = new Date('2026-05-02T00:00:00Z');
    const before = await t.database.db.select({ id: exportJobs.id }).from(exportJobs);
    const results = await Promise.all([t.app.reportScheduler.tick(at), t.app.reportScheduler.tick(at)]);
    expect(results.reduce((n, r) => n + r.queued, 0)).toBe(1);
    const after = await t.database.db.select({ id: exportJobs.id }).from(exportJobs);
    expect(after.length - before.length).toBe(1);
    expect((await schedule(on.id)).lastExportId).not.toBeNull();
    expect((await schedule(off.id)).lastExportId).toBeNull();
  });

  it('e-mails each contact once when the export is done, and records a failed export', async () => {
    t.clock.set(new Date('2026-05-01T12:00:00Z'));
    const row = await created({ tz: 'UTC', send_at_minute: 0 });
    await t.app.reportScheduler.tick(new Date('2026-05-02T00:00:00Z'));
    const exportId = (await schedule(row.id)).lastExportId!;
    // Not done yet: nothing to send.
    expect(await t.app.reportScheduler.tick(new Date('2026-05-02T00:01:00Z'))).toEqual({
      queued: 0,
      delivered: 0,
    });
    await t.database.db
      .update(exportJobs)
      .set({ status: 'done', fileHash: 'a'.repeat(64), fileName: 'report.xlsx', finishedAt: new Date() })
      .where(eq(exportJobs.id, exportId));
    const wakesBefore = wakes;
    expect(await t.app.reportScheduler.tick(new Date('2026-05-02T00:02:00Z'))).toEqual({
      queued: 0,
      delivered: 2,
    });
    expect(wakes).toBe(wakesBefore + 1);
    const outbox = await t.database.db.select().from(noticeOutbox).where(eq(noticeOutbox.exportId, exportId));
    expect(outbox.map((o) => [o.contactId, o.channel, o.status, o.alarmId]).sort()).toEqual(
      [
        [mailA, 'email', 'pending', null],
        [mailB, 'email', 'pending', null],
      ].sort(),
    );
    await t.app.reportScheduler.tick(new Date('2026-05-02T00:03:00Z'));
    expect(
      await t.database.db.select().from(noticeOutbox).where(eq(noticeOutbox.exportId, exportId)),
    ).toHaveLength(2);

    // The next day's export fails: last_error says so and nothing is sent.
    await t.app.reportScheduler.tick(new Date('2026-05-03T00:00:00Z'));
    const failedId = (await schedule(row.id)).lastExportId!;
    expect(failedId).not.toBe(exportId);
    expect((await schedule(row.id)).lastError).toBe('');
    await t.database.db
      .update(exportJobs)
      .set({ status: 'failed', error: 'boom' })
      .where(eq(exportJobs.id, failedId));
    await t.app.reportScheduler.tick(new Date('2026-05-03T00:01:00Z'));
    expect((await schedule(row.id)).lastError).toBe('export failed: boom');
    expect(
      await t.database.db.select().from(noticeOutbox).where(eq(noticeOutbox.exportId, failedId)),
    ).toEqual([]);
  });

  it('POST /run queues the last complete period now and keeps the plan; at most 3 active exports', async () => {
    t.clock.set(new Date('2026-07-15T10:00:00Z'));
    const row = await created({ period: 'week', tz: 'UTC' });
    await t.database.db.update(exportJobs).set({ status: 'done' }).where(eq(exportJobs.userId, ownerId));
    const res = await call<ExportJobRow>(t.app, 'POST', `/dataCenter/reportSchedule/${row.id}/run`, {
      token,
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      kind: 'report',
      status: 'queued',
      title: 'Daily 2026-W28',
      format: 'xlsx',
    });
    const s = await schedule(row.id);
    expect(s.lastExportId).toBe(res.body.data.id);
    expect(s.nextRunAt.toISOString()).toBe(row.next_run_at);
    await call(t.app, 'POST', `/dataCenter/reportSchedule/${row.id}/run`, { token });
    await call(t.app, 'POST', `/dataCenter/reportSchedule/${row.id}/run`, { token });
    const fourth = await call(t.app, 'POST', `/dataCenter/reportSchedule/${row.id}/run`, { token });
    expect(fourth.body.code).toBe(20000);
  });
});

describe('scheduled report end to end', () => {
  it('the export worker builds the scheduled report and the scheduler queues its e-mails', async () => {
    const point = (await insertTestPoint(t.database, deviceId, { name: 'flow', title: 'Flow' })).id;
    await insertReadings(t.database, point, [
      { ts: new Date('2026-09-01T08:00:00Z'), value: 4 },
      { ts: new Date('2026-09-01T09:00:00Z'), value: 6 },
    ]);
    t.clock.set(new Date('2026-09-01T12:00:00Z'));
    const row = await created({ tz: 'UTC', send_at_minute: 5, point_names: ['flow'], name: 'Flow daily' });
    const exportWakes: unknown[] = [];
    const off = t.runtime.bus.subscribe('export.wake', (m) => exportWakes.push(m));
    await t.app.reportScheduler.tick(new Date('2026-09-02T00:05:00Z'));
    off();
    expect(exportWakes).toHaveLength(1);
    const reports = createReportService({ repo: createReportRepository(t.database.db) });
    const worker = createExportWorker({
      database: t.database,
      bus: t.runtime.bus,
      clock: t.clock,
      store: createFileStore(t.dataDir),
      instanceId: 'schedules-test',
      report: (scope, query) => reports.report(scope, query),
    });
    await worker.runOnce();
    await worker.stop();
    const [job] = await jobsOf(row.id);
    expect(job, job?.error).toMatchObject({ status: 'done', rows: 1, format: 'xlsx' });
    expect(job!.fileHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await t.app.reportScheduler.tick(new Date('2026-09-02T00:06:00Z'))).toEqual({
      queued: 0,
      delivered: 2,
    });
  });
});
