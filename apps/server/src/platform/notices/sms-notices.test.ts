import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alarmLog } from '../../modules/alarms/alarms.table.js';
import { contacts, noticeOutbox } from '../../modules/contacts/contacts.table.js';
import { createLedgerService } from '../../modules/ledger/ledger.service.js';
import { smsProviderSettings } from '../../modules/sms/sms.table.js';
import { users } from '../../modules/users/users.table.js';
import { createTestDatabase } from '../../test-support/database.js';
import { createDevice, createUser } from '../../test-support/factories.js';
import { type ProviderServer, startAliyunServer } from '../../test-support/sms-provider-servers.js';
import { createTestClock } from '../../test-support/test-app.js';
import { createLocalBus } from '../bus/event-bus.js';
import { secretBoxFor } from '../crypto/secret-box.js';
import type { Database } from '../db/client.js';
import { createNoticeWorker, type NoticeWorker } from './notice-worker.js';
import { createOutboxRepository } from './outbox.repository.js';
import { createNoticeQuota } from './sms-quota.js';

let database: Database;
let dataDir: string;
let aliyun: ProviderServer;
let worker: NoticeWorker;
let parentId: number;
let childId: number;
let deviceId: number;
const clock = createTestClock(new Date('2026-03-01T08:00:00.000Z'));
const SECRET = 'aliyun-secret-for-notices';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fleet-sms-'));
  database = await createTestDatabase(dataDir);
  aliyun = await startAliyunServer({ accessKeyId: 'LTAI-notices', accessKeySecret: SECRET });
  const box = secretBoxFor({ DATA_DIR: dataDir });
  for (const channel of ['sms', 'voice'])
    await database.db.insert(smsProviderSettings).values({
      channel,
      provider: 'aliyun',
      accessKeyId: 'LTAI-notices',
      accessKeySecret: box.seal(SECRET),
      endpoint: aliyun.url,
      signName: 'Fleet',
      templates:
        channel === 'sms'
          ? { alarm: 'SMS_ALARM', recovery: 'SMS_RECOVERY', test: 'SMS_TEST' }
          : { alarm: 'TTS_ALARM', recovery: 'TTS_RECOVERY', test: 'TTS_TEST' },
      receiptToken: 'token',
    });
  parentId = (await createUser(database, { userType: 1 })).id;
  childId = (await createUser(database, { userType: 2, parentId })).id;
  deviceId = (await createDevice(database, { ownerUserId: childId, title: 'Pump station 3' })).id;
  worker = createNoticeWorker({
    database,
    bus: createLocalBus(),
    clock,
    config: { SMTP_URL: '', SMTP_FROM: '', WEBHOOK_ALLOW_PRIVATE: false, DATA_DIR: dataDir },
    timeoutMs: 2000,
  });
});

afterAll(async () => {
  await worker?.stop();
  await aliyun?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Counts of the users (null = no limit); each test starts from fresh ledger accounts of new users. */
async function counts(child: number | null, parent: number | null) {
  const p = await createUser(database, { userType: 1 });
  const c = await createUser(database, { userType: 2, parentId: p.id });
  await database.db.update(users).set({ smsCount: parent, voiceCount: parent }).where(eq(users.id, p.id));
  await database.db.update(users).set({ smsCount: child, voiceCount: child }).where(eq(users.id, c.id));
  parentId = p.id;
  childId = c.id;
}

async function contact(values: Partial<typeof contacts.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(contacts)
    .values({
      ownerUserId: childId,
      name: 'Engineer',
      phone: '+8613800138000',
      smsEnabled: true,
      voiceEnabled: true,
      ...values,
    })
    .returning({ id: contacts.id });
  return row!.id;
}

async function alarm(values: Partial<typeof alarmLog.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(alarmLog)
    .values({
      deviceId,
      alarmType: 1,
      level: 3,
      cause: 'limit',
      value: 91,
      message: 'high',
      at: clock(),
      ...values,
    })
    .returning({ id: alarmLog.id });
  return row!.id;
}

async function queue(contactId: number, alarmId: number | null, channel = 'sms') {
  const [row] = await database.db
    .insert(noticeOutbox)
    .values({ contactId, alarmId, channel })
    .returning({ id: noticeOutbox.id });
  return row!.id;
}

const notice = async (id: number) =>
  (await database.db.select().from(noticeOutbox).where(eq(noticeOutbox.id, id)))[0]!;
const ledger = () => createLedgerService({ db: database.db, clock });
const balance = (owner: number) => ledger().balance({ kind: 'sms_quota', owner });

beforeEach(async () => {
  await database.db.delete(noticeOutbox);
  aliyun.requests.length = 0;
});

describe('SMS and voice notices', () => {
  it('sends an alarm by SMS with the alarm template and counts one unit of the user and its parent', async () => {
    await counts(5, 10);
    const id = await queue(await contact(), await alarm());
    await worker.runOnce();
    const row = await notice(id);
    expect(row).toMatchObject({ status: 'sent', lastError: '', receiptStatus: '' });
    expect(row.providerId).toBeTruthy();
    expect(row.quotaKeys).toEqual([`notice:${id}:${childId}`, `notice:${id}:${parentId}`]);
    const sent = aliyun.requests[0]!;
    expect(sent.action).toBe('SendSms');
    expect(sent.params).toMatchObject({
      PhoneNumbers: '13800138000',
      TemplateCode: 'SMS_ALARM',
      OutId: String(id),
    });
    expect(JSON.parse(String(sent.params.TemplateParam))).toMatchObject({
      device: 'Pump station 3',
      value: '91',
    });
    expect(await balance(childId)).toMatchObject({ posted: 4, pendingDebits: 0 });
    expect(await balance(parentId)).toMatchObject({ posted: 9, pendingDebits: 0 });
  });

  it('calls by voice with the TTS template', async () => {
    await counts(null, null);
    const id = await queue(await contact(), await alarm(), 'voice');
    await worker.runOnce();
    expect(await notice(id)).toMatchObject({ status: 'sent' });
    expect(aliyun.requests[0]).toMatchObject({
      action: 'SingleCallByTts',
      params: { TtsCode: 'TTS_ALARM', CalledNumber: '13800138000' },
    });
  });

  it('voids the reservation when the provider refuses for good', async () => {
    await counts(3, null);
    aliyun.failNext('invalid-number');
    const id = await queue(await contact(), await alarm());
    await worker.runOnce();
    expect(await notice(id)).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('isv.MOBILE_NUMBER_ILLEGAL'),
    });
    expect(await balance(childId)).toMatchObject({ posted: 3, pendingDebits: 0, available: 3 });
  });

  it('keeps the unit reserved while a throttled send retries, then posts it', async () => {
    await counts(3, null);
    aliyun.failNext('throttle');
    const id = await queue(await contact(), await alarm());
    await worker.runOnce();
    expect(await notice(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await balance(childId)).toMatchObject({ posted: 3, pendingDebits: 1, available: 2 });
    clock.advance(60);
    await worker.runOnce();
    expect(await notice(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await balance(childId)).toMatchObject({ posted: 2, pendingDebits: 0 });
    expect((await ledger().statement({ kind: 'sms_quota', owner: childId })).total).toBe(2); // seed + one send
  });

  it('logs, but does not send, a notice when the user or a parent has no unit left', async () => {
    await counts(1, null);
    const c = await contact();
    const first = await queue(c, await alarm());
    const second = await queue(c, await alarm());
    await worker.runOnce();
    expect(await notice(first)).toMatchObject({ status: 'sent' });
    expect(await notice(second)).toMatchObject({
      status: 'no_quota',
      lastError: expect.stringContaining('no sms quota left'),
    });
    expect(aliyun.requests).toHaveLength(1);

    await counts(null, 1); // the parent's count caps a child without a limit
    const c2 = await contact();
    const a = await queue(c2, await alarm());
    const b = await queue(c2, await alarm());
    await worker.runOnce();
    expect([(await notice(a)).status, (await notice(b)).status]).toEqual(['sent', 'no_quota']);
    expect(await balance(parentId)).toMatchObject({ posted: 0, available: 0 });
  });

  it('two senders on the last unit: one reserves it, the other is refused, never below zero', async () => {
    await counts(1, null);
    const c = await contact();
    const ids = [await queue(c, null), await queue(c, null)];
    const quotas = [0, 1].map(() =>
      createNoticeQuota({
        ledger: createLedgerService({ db: database.db, clock }),
        repo: createOutboxRepository(database.db),
      }),
    );
    const results = await Promise.all(ids.map((id, i) => quotas[i]!.reserve(id, childId, 'sms')));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await balance(childId)).toMatchObject({ posted: 1, pendingDebits: 1, available: 0 });
  });

  it('a storm of 1,000 alarms to one contact sends at most the cap plus one digest', async () => {
    await counts(null, null);
    const c = await contact({ stormCap: 5, stormWindowS: 3600, voiceEnabled: false });
    const alarmIds = (
      await database.db
        .insert(alarmLog)
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
            deviceId,
            alarmType: 1,
            level: 3,
            cause: 'limit',
            value: i,
            message: 'storm',
            at: clock(),
          })),
        )
        .returning({ id: alarmLog.id })
    ).map((r) => r.id);
    await database.db
      .insert(noticeOutbox)
      .values(alarmIds.map((alarmId) => ({ contactId: c, alarmId, channel: 'sms' })));
    await worker.runOnce();
    const byStatus = await database.db
      .select({ status: noticeOutbox.status, n: sql<number>`count(*)::int` })
      .from(noticeOutbox)
      .where(eq(noticeOutbox.contactId, c))
      .groupBy(noticeOutbox.status);
    expect(Object.fromEntries(byStatus.map((r) => [r.status, r.n]))).toEqual({ sent: 6, throttled: 994 });
    expect(aliyun.requests).toHaveLength(6);
    const [digest] = await database.db
      .select()
      .from(noticeOutbox)
      .where(and(eq(noticeOutbox.contactId, c), sql`${noticeOutbox.digestCount} is not null`));
    expect(digest!.digestCount).toBe(995);
    expect(JSON.parse(String(aliyun.requests[5]!.params.TemplateParam)).alarm).toBe('另有995条报警');

    // A recovery of an alarm the storm held back is not sent either.
    const recovery = await alarm({ cause: 'recovered', recoversId: alarmIds[999]! });
    const r = await queue(c, recovery);
    clock.advance(7200);
    await worker.runOnce();
    expect(await notice(r)).toMatchObject({
      status: 'throttled',
      lastError: 'the alarm it recovers was not sent',
    });
  }, 120_000); // 1,000 rows through the worker one by one (one contact's lane is sequential)

  it('two workers sending one storm at once stay within the cap plus one digest', async () => {
    await counts(null, null);
    const c = await contact({ stormCap: 5, stormWindowS: 3600, voiceEnabled: false });
    const alarmIds = (
      await database.db
        .insert(alarmLog)
        .values(
          Array.from({ length: 120 }, (_, i) => ({
            deviceId,
            alarmType: 1,
            level: 3,
            cause: 'limit',
            value: i,
            message: 'storm',
            at: clock(),
          })),
        )
        .returning({ id: alarmLog.id })
    ).map((r) => r.id);
    await database.db
      .insert(noticeOutbox)
      .values(alarmIds.map((alarmId) => ({ contactId: c, alarmId, channel: 'sms' })));
    // Two instances: each its own worker over the same database, claiming rows beside the other.
    // A generous timeout: on a busy machine a timed-out send would retry and call the provider again.
    const instance = () =>
      createNoticeWorker({
        database,
        bus: createLocalBus(),
        clock,
        config: { SMTP_URL: '', SMTP_FROM: '', WEBHOOK_ALLOW_PRIVATE: false, DATA_DIR: dataDir },
        timeoutMs: 20_000,
      });
    const first = instance();
    const second = instance();
    try {
      const open = async () =>
        (
          await database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(noticeOutbox)
            .where(and(eq(noticeOutbox.contactId, c), sql`${noticeOutbox.status} in ('pending', 'sending')`))
        )[0]!.n;
      for (let pass = 0; pass < 20 && (await open()) > 0; pass++) {
        await Promise.all([first.runOnce(), second.runOnce()]);
        clock.advance(20); // a retry, if any, is due on the next pass (first backoff 10 s)
      }
    } finally {
      await first.stop();
      await second.stop();
    }
    const byStatus = await database.db
      .select({ status: noticeOutbox.status, n: sql<number>`count(*)::int` })
      .from(noticeOutbox)
      .where(eq(noticeOutbox.contactId, c))
      .groupBy(noticeOutbox.status);
    expect(Object.fromEntries(byStatus.map((r) => [r.status, r.n]))).toEqual({ sent: 6, throttled: 114 });
    expect(aliyun.requests).toHaveLength(6);
    const digests = await database.db
      .select()
      .from(noticeOutbox)
      .where(and(eq(noticeOutbox.contactId, c), sql`${noticeOutbox.digestCount} is not null`));
    expect(digests).toHaveLength(1);
  }, 120_000);
});
