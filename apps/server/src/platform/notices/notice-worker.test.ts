import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AlarmLogRow } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { alarmRowsByIds } from '../../modules/alarms/alarm-rows.repository.js';
import { alarmLog } from '../../modules/alarms/alarms.table.js';
import { contacts, noticeOutbox } from '../../modules/contacts/contacts.table.js';
import { exportJobs } from '../../modules/exports/exports.table.js';
import { createTestDatabase } from '../../test-support/database.js';
import { createDevice, createUser } from '../../test-support/factories.js';
import { createTestJobLayer } from '../../test-support/jobs.js';
import { type LocalSmtpServer, type Mail, startSmtpServer } from '../../test-support/smtp-server.js';
import { createTestClock } from '../../test-support/test-app.js';
import { BUS, createLocalBus } from '../bus/event-bus.js';
import { secretBoxFor } from '../crypto/secret-box.js';
import type { Database } from '../db/client.js';
import { createFileStore } from '../files/file-store.js';
import { createNoticeWorker, type NoticeWorker, type NoticeWorkerDeps } from './notice-worker.js';

/* ------------------------------------------------------------ fixtures */

let database: Database;
let dataDir: string;
let smtp: LocalSmtpServer;
let smtpPort: number;
let http: Server;
let base: string;
const mails: Mail[] = [];
interface Hit {
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}
const hits: Hit[] = [];
/** Answers per path; a path not listed answers 200 {errcode: 0, code: 0}. */
const answers = new Map<string, (count: number) => { status: number; body: unknown } | null>();

const clock = createTestClock(new Date('2026-03-01T08:00:00.000Z'));
let ownerId: number;
let deviceId: number;
let deviceImei: string;
const workers: NoticeWorker[] = [];

function worker(overrides: Partial<NoticeWorkerDeps['config']> = {}, timeoutMs = 300): NoticeWorker {
  const w = createNoticeWorker({
    database,
    bus: createLocalBus(),
    clock,
    config: {
      SMTP_URL: `smtp://mailer:pa55@127.0.0.1:${smtpPort}`,
      SMTP_FROM: 'Fleet <alarms@example.com>',
      WEBHOOK_ALLOW_PRIVATE: true,
      ...overrides,
    },
    timeoutMs,
  });
  workers.push(w);
  return w;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fleet-notices-'));
  database = await createTestDatabase(dataDir);
  const owner = await createUser(database, { userType: 2 });
  ownerId = owner.id;
  const device = await createDevice(database, { ownerUserId: ownerId, title: 'Boiler room' });
  deviceId = device.id;
  deviceImei = device.imei;

  smtp = await startSmtpServer({ username: 'mailer', password: 'pa55' }, mails);
  smtpPort = smtp.port;

  const counts = new Map<string, number>();
  http = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const count = (counts.get(url.pathname) ?? 0) + 1;
      counts.set(url.pathname, count);
      hits.push({
        path: url.pathname,
        query: url.searchParams,
        body: JSON.parse(Buffer.concat(chunks).toString()),
      });
      const answer = answers.get(url.pathname)?.(count) ?? { status: 200, body: { errcode: 0, code: 0 } };
      if (answer.status === 0) return; // never answers: the sender's timeout decides
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const w of workers) await w.stop();
  if (http) {
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  }
  if (smtp) await smtp.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.delete(noticeOutbox);
  mails.length = 0;
  hits.length = 0;
  answers.clear();
});

async function contact(values: Partial<typeof contacts.$inferInsert>): Promise<number> {
  const [row] = await database.db
    .insert(contacts)
    .values({ ownerUserId: ownerId, name: 'Contact', enabled: true, ...values })
    .returning({ id: contacts.id });
  return row!.id;
}

async function alarm(values: Partial<typeof alarmLog.$inferInsert> = {}): Promise<number> {
  const [row] = await database.db
    .insert(alarmLog)
    .values({
      deviceId,
      alarmType: 1,
      level: 3,
      cause: 'limit',
      value: 85.5,
      pointName: 'temp',
      pointTitle: 'Water temperature',
      threshold: '> 80',
      message: 'temp > 80',
      at: new Date('2026-03-01T07:59:30.000Z'),
      ...values,
    })
    .returning({ id: alarmLog.id });
  return row!.id;
}

/** An outbox row as the alarm engine writes it (pending, database time). */
async function queue(
  contactId: number,
  channel: 'email' | 'webhook',
  alarmId: number | null,
): Promise<number> {
  const [row] = await database.db
    .insert(noticeOutbox)
    .values({ contactId, channel, alarmId })
    .returning({ id: noticeOutbox.id });
  return row!.id;
}

async function notice(id: number) {
  const [row] = await database.db.select().from(noticeOutbox).where(eq(noticeOutbox.id, id));
  return row!;
}

/* ------------------------------------------------------------ tests */

describe('e-mail', () => {
  it('sends each contact the alarm in its language through a real SMTP server', async () => {
    const zh = await contact({ name: 'Li', email: 'li@example.com', emailEnabled: true, language: 'zh' });
    const en = await contact({ name: 'Ann', email: 'ann@example.com', emailEnabled: true, language: 'en' });
    const es = await contact({ name: 'Eva', email: 'eva@example.com', emailEnabled: true, language: 'es' });
    const alarmId = await alarm();
    const ids = [
      await queue(zh, 'email', alarmId),
      await queue(en, 'email', alarmId),
      await queue(es, 'email', alarmId),
    ];

    await worker().runOnce();

    for (const id of ids)
      expect(await notice(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: '' });
    expect((await notice(ids[0]!)).sentAt?.toISOString()).toBe(clock().toISOString());
    const byTo = new Map(mails.map((m) => [m.to[0], m]));
    expect(mails).toHaveLength(3);
    const english = byTo.get('ann@example.com')!;
    expect(english.from).toContain('alarms@example.com');
    expect(english.subject).toBe('[Alarm] Boiler room: Over-limit alarm');
    expect(english.text).toContain(`Device: Boiler room (IMEI ${deviceImei})`);
    expect(english.text).toContain('Level: 3');
    expect(english.text).toContain('Point: Water temperature');
    expect(english.text).toContain('Value: 85.5');
    expect(english.text).toContain('Threshold: > 80');
    expect(english.text).toContain('Time: 2026-03-01 07:59:30 UTC');
    expect(english.text).toContain('State: Alarm');
    const chinese = byTo.get('li@example.com')!;
    expect(chinese.subject).toBe('[报警] Boiler room: 超限报警');
    expect(chinese.text).toContain('数据点: Water temperature');
    expect(chinese.text).toContain('阈值: > 80');
    const spanish = byTo.get('eva@example.com')!;
    expect(spanish.subject).toBe('[Alarma] Boiler room: Alarma de límite');
    expect(spanish.text).toContain('Umbral: > 80');
  });

  it('names the recovered alarm in a recovery notice', async () => {
    const en = await contact({ email: 'rec@example.com', emailEnabled: true, language: 'en' });
    const raised = await alarm({ alarmType: 104, cause: 'code', value: 104, threshold: '' });
    const recovery = await alarm({
      alarmType: 3,
      cause: 'recovered',
      recoversId: raised,
      value: 0,
      level: 3,
    });
    await queue(en, 'email', recovery);
    await worker().runOnce();
    expect(mails[0]?.subject).toBe('[Recovered] Boiler room: High temperature recovered');
    expect(mails[0]?.text).toContain('State: Recovered');
  });

  it('fails at once with "SMTP not configured" when SMTP_URL is unset', async () => {
    const c = await contact({ email: 'x@example.com', emailEnabled: true });
    const id = await queue(c, 'email', await alarm());
    await worker({ SMTP_URL: undefined }).runOnce();
    expect(await notice(id)).toMatchObject({
      status: 'failed',
      lastError: 'SMTP not configured',
      attempts: 1,
    });
    expect(mails).toEqual([]);
  });

  it('retries when the SMTP server refuses the credentials, without storing the password', async () => {
    const c = await contact({ email: 'x@example.com', emailEnabled: true });
    const id = await queue(c, 'email', await alarm());
    await worker({ SMTP_URL: `smtp://mailer:wrong-pass@127.0.0.1:${smtpPort}` }).runOnce();
    const row = await notice(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/^SMTP: /);
    expect(row.lastError).not.toContain('wrong-pass');
  });
});

describe('scheduled report e-mails', () => {
  async function exportJob(values: Partial<typeof exportJobs.$inferInsert>): Promise<number> {
    const [row] = await database.db
      .insert(exportJobs)
      .values({
        userId: ownerId,
        kind: 'report',
        title: 'Energy 2026-02-28',
        params: {},
        format: 'xlsx',
        status: 'done',
        fileName: 'Energy-20260301-0100.xlsx',
        ...values,
      })
      .returning({ id: exportJobs.id });
    return row!.id;
  }

  it('attaches the export file to an e-mail in the contact language', async () => {
    const store = createFileStore(dataDir);
    const temp = store.tempPath('.xlsx');
    const content = 'pretend this is a workbook';
    writeFileSync(temp, content);
    const { hash } = await store.put(temp);
    const exportId = await exportJob({ fileHash: hash });
    const en = await contact({ email: 'report@example.com', language: 'en' });
    const es = await contact({ email: 'informe@example.com', language: 'es' });
    const ids: number[] = [];
    for (const c of [en, es]) {
      const [row] = await database.db
        .insert(noticeOutbox)
        .values({ contactId: c, channel: 'email', exportId })
        .returning({ id: noticeOutbox.id });
      ids.push(row!.id);
    }
    await worker({ DATA_DIR: dataDir }).runOnce();
    for (const id of ids) expect(await notice(id)).toMatchObject({ status: 'sent', lastError: '' });
    const byTo = new Map(mails.map((m) => [m.to[0], m]));
    const english = byTo.get('report@example.com')!;
    expect(english.subject).toBe('[Data report] Energy 2026-02-28');
    expect(english.raw).toMatch(/filename="?Energy-20260301-0100\.xlsx/);
    expect(english.raw).toContain(Buffer.from(content).toString('base64'));
    expect(english.raw).toContain('Your scheduled data report is attached.');
    expect(byTo.get('informe@example.com')!.subject).toBe('[Informe de datos] Energy 2026-02-28');
  });

  it('fails at once when the file is gone or the export is not done', async () => {
    const missing = await exportJob({ fileHash: 'b'.repeat(64) });
    const running = await exportJob({ status: 'running' });
    const c = await contact({ email: 'r@example.com', language: 'en' });
    const ids: number[] = [];
    for (const exportId of [missing, running]) {
      const [row] = await database.db
        .insert(noticeOutbox)
        .values({ contactId: c, channel: 'email', exportId })
        .returning({ id: noticeOutbox.id });
      ids.push(row!.id);
    }
    await worker({ DATA_DIR: dataDir }).runOnce();
    for (const id of ids)
      expect(await notice(id)).toMatchObject({
        status: 'failed',
        lastError: 'the export file is not available',
      });
    expect(mails).toEqual([]);
  });
});

describe('webhooks', () => {
  it('posts the generic webhook the alarm row as the log answers it, and a test notice', async () => {
    const c = await contact({ webhookKind: 'generic', webhookUrl: `${base}/generic`, webhookEnabled: true });
    const alarmId = await alarm();
    const id = await queue(c, 'webhook', alarmId);
    const testId = await queue(c, 'webhook', null);
    await worker().runOnce();
    expect(await notice(id)).toMatchObject({ status: 'sent' });
    expect(await notice(testId)).toMatchObject({ status: 'sent' });
    const [row] = await alarmRowsByIds(database.db, [alarmId]);
    expect(hits.map((h) => h.body)).toEqual([
      { event: 'alarm', alarm: JSON.parse(JSON.stringify(row)) as AlarmLogRow },
      expect.objectContaining({ event: 'test', subject: expect.stringContaining('测试') }),
    ]);
  });

  it('sends WeCom markdown', async () => {
    const c = await contact({
      webhookKind: 'wecom',
      webhookUrl: `${base}/wecom?key=k1`,
      webhookEnabled: true,
      language: 'en',
    });
    const id = await queue(c, 'webhook', await alarm());
    await worker().runOnce();
    expect(await notice(id)).toMatchObject({ status: 'sent' });
    const hit = hits[0]!;
    expect(hit.query.get('key')).toBe('k1');
    expect(hit.body.msgtype).toBe('markdown');
    const content = (hit.body.markdown as { content: string }).content;
    expect(content).toContain('### [Alarm] Boiler room: Over-limit alarm');
    expect(content).toContain('- Value: 85.5');
  });

  it('signs DingTalk requests with timestamp and sign (HmacSHA256 of "timestamp\\nsecret")', async () => {
    const secret = 'SECdingtalk-secret';
    const c = await contact({
      webhookKind: 'dingtalk',
      webhookUrl: `${base}/dingtalk?access_token=tok`,
      // Stored sealed (as the contacts API stores it); the worker opens it with DATA_DIR's key.
      webhookSecret: secretBoxFor({ DATA_DIR: dataDir }).seal(secret),
      webhookEnabled: true,
      language: 'es',
    });
    const id = await queue(c, 'webhook', await alarm());
    await worker({ DATA_DIR: dataDir }).runOnce();
    expect(await notice(id)).toMatchObject({ status: 'sent' });
    const hit = hits[0]!;
    const timestamp = hit.query.get('timestamp')!;
    expect(Number(timestamp)).toBe(clock().getTime());
    const expected = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
    expect(hit.query.get('sign')).toBe(expected);
    expect(hit.query.get('access_token')).toBe('tok');
    expect(hit.body).toMatchObject({
      msgtype: 'markdown',
      markdown: { title: '[Alarma] Boiler room: Alarma de límite' },
    });
    // Without a secret: no signature.
    const plain = await contact({
      webhookKind: 'dingtalk',
      webhookUrl: `${base}/dingtalk`,
      webhookEnabled: true,
    });
    await queue(plain, 'webhook', await alarm());
    await worker().runOnce();
    expect(hits[1]?.query.has('sign')).toBe(false);
  });

  it('signs Feishu requests in the body (HmacSHA256 keyed by "timestamp\\nsecret")', async () => {
    const secret = 'feishu-secret';
    const c = await contact({
      webhookKind: 'feishu',
      webhookUrl: `${base}/feishu`,
      webhookSecret: secret,
      webhookEnabled: true,
      language: 'en',
    });
    answers.set('/feishu', () => ({ status: 200, body: { code: 0, msg: 'success' } }));
    const id = await queue(c, 'webhook', await alarm());
    await worker().runOnce();
    expect(await notice(id)).toMatchObject({ status: 'sent' });
    const body = hits[0]!.body as {
      timestamp: string;
      sign: string;
      msg_type: string;
      content: { text: string };
    };
    expect(Number(body.timestamp)).toBe(Math.floor(clock().getTime() / 1000));
    expect(body.sign).toBe(createHmac('sha256', `${body.timestamp}\n${secret}`).digest('base64'));
    expect(body.msg_type).toBe('text');
    expect(body.content.text).toContain('[Alarm] Boiler room: Over-limit alarm');
  });

  it('retries an HTTP 500 after the backoff (clock), then succeeds', async () => {
    answers.set('/flaky', (n) => (n === 1 ? { status: 500, body: {} } : null));
    const c = await contact({ webhookKind: 'generic', webhookUrl: `${base}/flaky`, webhookEnabled: true });
    const id = await queue(c, 'webhook', await alarm());
    const w = worker();
    await w.runOnce();
    const first = await notice(id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 500' });
    expect(first.nextAttemptAt.getTime()).toBe(clock().getTime() + 10_000);
    await w.runOnce();
    expect(hits).toHaveLength(1); // not due before the backoff
    clock.advance(10);
    await w.runOnce();
    expect(await notice(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: '' });
    expect(hits).toHaveLength(2);
  });

  it('treats a robot errcode other than 0 as a failure', async () => {
    answers.set('/wecom-bad', () => ({
      status: 200,
      body: { errcode: 93000, errmsg: 'invalid webhook url' },
    }));
    const c = await contact({ webhookKind: 'wecom', webhookUrl: `${base}/wecom-bad`, webhookEnabled: true });
    const id = await queue(c, 'webhook', await alarm());
    await worker().runOnce();
    expect(await notice(id)).toMatchObject({
      status: 'pending',
      lastError: 'wecom answered code 93000: invalid webhook url',
    });
  });

  it('gives up after a timeout on each of 5 attempts, with doubling backoff', async () => {
    answers.set('/slow', () => ({ status: 0, body: null }));
    const c = await contact({ webhookKind: 'generic', webhookUrl: `${base}/slow`, webhookEnabled: true });
    const id = await queue(c, 'webhook', await alarm());
    const w = worker({}, 200);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      await w.runOnce();
      const row = await notice(id);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe('timeout after 200 ms');
      if (attempt < 5) {
        expect(row.status).toBe('pending');
        waits.push((row.nextAttemptAt.getTime() - clock().getTime()) / 1000);
        clock.advance(waits.at(-1)!);
      } else expect(row.status).toBe('failed');
    }
    expect(waits).toEqual([10, 20, 40, 80]);
    clock.advance(3600);
    await w.runOnce();
    expect((await notice(id)).attempts).toBe(5);
  });

  it('throttles a contact to one sent notice per channel within min_interval_s', async () => {
    const c = await contact({
      webhookKind: 'generic',
      webhookUrl: `${base}/throttle`,
      webhookEnabled: true,
      email: 'th@example.com',
      emailEnabled: true,
      minIntervalS: 60,
    });
    const a1 = await queue(c, 'webhook', await alarm());
    const a2 = await queue(c, 'webhook', await alarm());
    const m1 = await queue(c, 'email', await alarm());
    const w = worker();
    await w.runOnce();
    expect((await notice(a1)).status).toBe('sent');
    expect(await notice(a2)).toMatchObject({ status: 'throttled', sentAt: null });
    expect((await notice(m1)).status).toBe('sent'); // another channel has its own window
    clock.advance(30);
    const a3 = await queue(c, 'webhook', await alarm());
    await w.runOnce();
    expect((await notice(a3)).status).toBe('throttled');
    clock.advance(31);
    const a4 = await queue(c, 'webhook', await alarm());
    await w.runOnce();
    expect((await notice(a4)).status).toBe('sent');
    expect(hits).toHaveLength(2);
  });

  it('refuses loopback and private targets unless WEBHOOK_ALLOW_PRIVATE=1 (host names resolved first)', async () => {
    const port = new URL(base).port;
    const byName = await contact({
      webhookKind: 'generic',
      webhookUrl: `http://localhost:${port}/x`,
      webhookEnabled: true,
    });
    const byIp = await contact({ webhookKind: 'wecom', webhookUrl: `${base}/x`, webhookEnabled: true });
    const private10 = await contact({
      webhookKind: 'generic',
      webhookUrl: 'http://10.1.2.3/x',
      webhookEnabled: true,
    });
    const ids = [
      await queue(byName, 'webhook', null),
      await queue(byIp, 'webhook', null),
      await queue(private10, 'webhook', null),
    ];
    await worker({ WEBHOOK_ALLOW_PRIVATE: false }).runOnce();
    for (const id of ids) {
      const row = await notice(id);
      expect(row.status).toBe('failed');
      expect(row.lastError).toContain('WEBHOOK_ALLOW_PRIVATE');
    }
    expect(hits).toEqual([]);
  });
});

describe('outbox bookkeeping', () => {
  it('returns rows left "sending" past their lease to pending, and leaves fresh ones alone', async () => {
    const c = await contact({ webhookKind: 'generic', webhookUrl: `${base}/stale`, webhookEnabled: true });
    const alarmId = await alarm();
    const [stale] = await database.db
      .insert(noticeOutbox)
      .values({
        contactId: c,
        channel: 'webhook',
        alarmId,
        status: 'sending',
        attempts: 1,
        nextAttemptAt: new Date(clock().getTime() - 1000),
      })
      .returning({ id: noticeOutbox.id });
    const [fresh] = await database.db
      .insert(noticeOutbox)
      .values({
        contactId: c,
        channel: 'webhook',
        alarmId,
        status: 'sending',
        attempts: 1,
        nextAttemptAt: new Date(clock().getTime() + 60_000),
      })
      .returning({ id: noticeOutbox.id });
    await worker().runOnce();
    expect(await notice(stale!.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await notice(fresh!.id)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('two workers sharing the outbox send every row exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const c = await contact({ webhookKind: 'generic', webhookUrl: `${base}/shared`, webhookEnabled: true });
    const alarmId = await alarm();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await queue(c, 'webhook', alarmId));
    await Promise.all([worker().runOnce(), worker().runOnce()]);
    for (const id of ids) expect(await notice(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(hits).toHaveLength(12);
  });

  it('fails notices of a disabled contact or channel without sending', async () => {
    const off = await contact({
      webhookKind: 'generic',
      webhookUrl: `${base}/off`,
      webhookEnabled: true,
      enabled: false,
    });
    const channelOff = await contact({
      webhookKind: 'generic',
      webhookUrl: `${base}/off`,
      webhookEnabled: false,
    });
    const a = await queue(off, 'webhook', await alarm());
    const b = await queue(channelOff, 'webhook', await alarm());
    await worker().runOnce();
    expect(await notice(a)).toMatchObject({ status: 'failed', lastError: 'contact disabled' });
    expect(await notice(b)).toMatchObject({ status: 'failed', lastError: 'channel disabled' });
    expect(hits).toEqual([]);
  });

  it('wakes on BUS.noticeWake once its job layer started, and stops', async () => {
    const bus = createLocalBus();
    const jobs = createTestJobLayer(database, { bus });
    const w = createNoticeWorker({
      database,
      bus,
      clock,
      config: { SMTP_URL: undefined, SMTP_FROM: undefined, WEBHOOK_ALLOW_PRIVATE: true },
      intervalMs: 3_600_000,
      jobs,
    });
    workers.push(w);
    jobs.start();
    await w.runOnce(); // the start-up pass
    const c = await contact({ webhookKind: 'generic', webhookUrl: `${base}/wake`, webhookEnabled: true });
    const id = await queue(c, 'webhook', null);
    bus.publish(BUS.noticeWake, {});
    // No runOnce here: the interval is an hour, so only the wake can send it.
    await vi.waitFor(async () => expect((await notice(id)).status).toBe('sent'), { timeout: 3000 });
    await w.stop();
    const later = await queue(c, 'webhook', null);
    bus.publish(BUS.noticeWake, {});
    await w.runOnce();
    expect((await notice(later)).status).toBe('pending');
    await jobs.stop();
  });
});
