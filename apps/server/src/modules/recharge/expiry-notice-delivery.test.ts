import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBus } from '../../platform/bus/event-bus.js';
import { secretBoxFor } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/db/client.js';
import { createNoticeWorker, type NoticeWorker } from '../../platform/notices/notice-worker.js';
import { noticeQuotaOn } from '../../platform/notices/sms-quota.js';
import { createTestDatabase } from '../../test-support/database.js';
import { createDevice, createUser } from '../../test-support/factories.js';
import { type ProviderServer, startAliyunServer } from '../../test-support/sms-provider-servers.js';
import { type LocalSmtpServer, type Mail, startSmtpServer } from '../../test-support/smtp-server.js';
import { createTestClock } from '../../test-support/test-app.js';
import { contacts, noticeOutbox } from '../contacts/contacts.table.js';
import { noticeAbout } from '../contacts/notice-log.service.js';
import { devices } from '../devices/devices.table.js';
import { smsProviderSettings } from '../sms/sms.table.js';
import { users } from '../users/users.table.js';
import { createExpiryNoticeTick } from './expiry-notices.js';

/**
 * Issue 20 item 4 by e-mail and SMS: each pre-expiry notice also goes to the owner's contacts that
 * chose expiry notices, on the channels they have on, in their language, once per device, stage and
 * expiry date (two ticks at once, or a restarted one, queue nothing again); an SMS uses the `expiry`
 * template and one unit of the owner's SMS quota. Real SMTP and the local Aliyun SMS server.
 */
const DAY = 86_400_000;
const SECRET = 'aliyun-secret-for-expiry';
const clock = createTestClock(new Date('2026-06-01T08:00:00.000Z'));
let dataDir: string;
let database: Database;
let aliyun: ProviderServer;
let smtp: LocalSmtpServer;
let worker: NoticeWorker;
const mails: Mail[] = [];
let ownerId: number;
const contact: Record<string, number> = {};

const device = async (ownerUserId: number, title: string) =>
  (await createDevice(database, { ownerUserId, title })).id;
const setExpiry = (id: number, days: number) =>
  database.db
    .update(devices)
    .set({ expireAt: new Date(clock().getTime() + days * DAY) })
    .where(eq(devices.id, id));
const outbox = () => database.db.select().from(noticeOutbox).orderBy(noticeOutbox.id);
const smsSent = () => aliyun.requests.filter((r) => r.action === 'SendSms');
const tick = () => createExpiryNoticeTick({ database, clock })();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fleet-expiry-mail-'));
  database = await createTestDatabase(dataDir);
  aliyun = await startAliyunServer({ accessKeyId: 'LTAI-expiry', accessKeySecret: SECRET });
  smtp = await startSmtpServer({ username: 'mailer', password: 'pa55' }, mails);
  const box = secretBoxFor({ DATA_DIR: dataDir });
  await database.db.insert(smsProviderSettings).values({
    channel: 'sms',
    provider: 'aliyun',
    accessKeyId: 'LTAI-expiry',
    accessKeySecret: box.seal(SECRET),
    endpoint: aliyun.url,
    signName: 'Fleet',
    templates: { alarm: 'SMS_ALARM', expiry: 'SMS_EXPIRY' },
    receiptToken: 'token',
  });
  ownerId = (await createUser(database, { userType: 2 })).id;
  await database.db.update(users).set({ smsCount: 5 }).where(eq(users.id, ownerId));
  const other = (await createUser(database, { userType: 2 })).id;
  const add = async (name: string, values: Partial<typeof contacts.$inferInsert>) => {
    const [row] = await database.db
      .insert(contacts)
      .values({ ownerUserId: ownerId, name, ...values })
      .returning({ id: contacts.id });
    contact[name] = row!.id;
  };
  // Billing contact in English: e-mail and SMS.
  await add('billing', {
    email: 'billing@example.com',
    phone: '+8613800138001',
    emailEnabled: true,
    smsEnabled: true,
    expiryNotices: true,
    language: 'en',
  });
  // Spanish, e-mail only (SMS off although a phone is known).
  await add('jefe', {
    email: 'jefe@example.com',
    phone: '+8613800138002',
    emailEnabled: true,
    expiryNotices: true,
    language: 'es',
  });
  // An alarm contact that did not choose expiry notices, and a disabled one that did: nothing.
  await add('technician', { email: 'tech@example.com', emailEnabled: true });
  await add('disabled', {
    email: 'off@example.com',
    emailEnabled: true,
    expiryNotices: true,
    enabled: false,
  });
  await database.db
    .insert(contacts)
    .values({ ownerUserId: other, name: 'theirs', email: 'theirs@example.com', emailEnabled: true });

  await setExpiry(await device(ownerId, 'Alpha'), 20);
  await setExpiry(await device(ownerId, 'Beta'), 5);
  worker = createNoticeWorker({
    database,
    bus: createLocalBus(),
    clock,
    config: {
      SMTP_URL: `smtp://mailer:pa55@127.0.0.1:${smtp.port}`,
      SMTP_FROM: 'Fleet <fees@example.com>',
      WEBHOOK_ALLOW_PRIVATE: false,
      DATA_DIR: dataDir,
    },
    timeoutMs: 2000,
  });
});

afterAll(async () => {
  await worker?.stop();
  await aliyun?.close();
  await smtp?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('pre-expiry notices by e-mail and SMS', () => {
  it('queues the notice for the contacts that chose it, on their channels, and sends it in their language', async () => {
    expect(await tick()).toBe(2); // Alpha at 30 days, Beta at 7
    const rows = await outbox();
    expect(rows.map((r) => [r.contactId, r.channel]).sort()).toEqual(
      [
        [contact.billing, 'email'],
        [contact.billing, 'email'],
        [contact.billing, 'sms'],
        [contact.billing, 'sms'],
        [contact.jefe, 'email'],
        [contact.jefe, 'email'],
      ].sort(),
    );
    expect(rows.every((r) => r.userNoticeId !== null && r.alarmId === null)).toBe(true);
    // The delivery log names them as what they are.
    expect(new Set(rows.map(noticeAbout))).toEqual(new Set(['expiry']));

    await worker.runOnce();
    expect((await outbox()).map((r) => r.status)).toEqual(Array(6).fill('sent'));
    const to = (address: string) => mails.filter((m) => m.to[0] === address).map((m) => m.subject);
    expect(to('billing@example.com').sort()).toEqual([
      '[Service expiry] The cloud service of 1 device expires within 30 days',
      '[Service expiry] The cloud service of 1 device expires within 7 days',
    ]);
    expect(to('jefe@example.com').sort()).toEqual([
      '[Vencimiento del servicio] El servicio en la nube de 1 dispositivo vence en 30 días',
      '[Vencimiento del servicio] El servicio en la nube de 1 dispositivo vence en 7 días',
    ]);
    expect(mails.find((m) => m.subject.includes('7 days'))!.text).toContain('Devices: Beta');
    expect(mails.map((m) => m.to[0]).sort()).toEqual([
      'billing@example.com',
      'billing@example.com',
      'jefe@example.com',
      'jefe@example.com',
    ]);

    const sms = smsSent()
      .map((r) => [
        r.params.PhoneNumbers,
        r.params.TemplateCode,
        JSON.parse(r.params.TemplateParam as string),
      ])
      .sort((a, b) => Number(a[2].days) - Number(b[2].days));
    expect(sms).toEqual([
      ['13800138001', 'SMS_EXPIRY', { devices: 'Beta', count: '1', days: '7' }],
      ['13800138001', 'SMS_EXPIRY', { devices: 'Alpha', count: '1', days: '30' }],
    ]);
    // Each SMS used one unit of the owner's count.
    expect(await noticeQuotaOn(database.db, clock).remaining(ownerId, 'sms')).toBe(3);
  });

  it('never queues a stage twice: two ticks at once, or a restarted one, add nothing', async () => {
    const before = (await outbox()).length;
    expect(await Promise.all([tick(), tick()])).toEqual([0, 0]);
    expect(await createExpiryNoticeTick({ database, clock })()).toBe(0);
    expect(await outbox()).toHaveLength(before);
    await worker.runOnce();
    expect(mails).toHaveLength(4);
    expect(smsSent()).toHaveLength(2);
  });

  it('respects a switch turned off before the send; the next stage arrives on the channels still on', async () => {
    clock.advance(14 * 86_400); // Alpha 6 days left (stage 7), Beta expired (stage 0)
    expect(await tick()).toBe(2);
    // The billing contact turns SMS off before the worker runs.
    await database.db.update(contacts).set({ smsEnabled: false }).where(eq(contacts.id, contact.billing!));
    await worker.runOnce();
    const fresh = (await outbox()).slice(6);
    expect(fresh.map((r) => [r.channel, r.status, r.lastError]).sort()).toEqual(
      [
        ['email', 'sent', ''],
        ['email', 'sent', ''],
        ['email', 'sent', ''],
        ['email', 'sent', ''],
        ['sms', 'failed', 'channel disabled'],
        ['sms', 'failed', 'channel disabled'],
      ].sort(),
    );
    expect(smsSent()).toHaveLength(2);
    expect(await noticeQuotaOn(database.db, clock).remaining(ownerId, 'sms')).toBe(3);
    expect(mails.map((m) => m.subject)).toContain(
      '[Service expiry] The cloud service of 1 device has expired',
    );
  });
});
