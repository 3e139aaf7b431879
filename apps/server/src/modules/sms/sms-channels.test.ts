import type { ContactRow, NoticeChannels } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createRole, createUser, tokenFor } from '../../test-support/factories.js';
import { type ProviderServer, startAliyunServer } from '../../test-support/sms-provider-servers.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { noticeOutbox } from '../contacts/contacts.table.js';
import { users } from '../users/users.table.js';

let t: TestApp;
let admin: string;
let owner: { id: number; token: string };
let aliyun: ProviderServer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin', t.adminPassword);
  aliyun = await startAliyunServer({ accessKeyId: 'LTAI-ch', accessKeySecret: 'ch-secret' });
  const roleId = await createRole(t.database, {
    ownerUserId: null,
    name: 'contacts-sms',
    permissions: ['TriggerContact/index'],
  });
  const user = await createUser(t.database, { userType: 2, roleIds: [roleId] });
  owner = { id: user.id, token: await tokenFor(t.app, user.username, user.password) };
});
afterAll(async () => {
  await aliyun?.close();
  await t?.close();
});

const create = (body: Record<string, unknown>) =>
  call<ContactRow>(t.app, 'POST', '/trigger/contact', { token: owner.token, body });
const configure = () =>
  call(t.app, 'PUT', '/notice/provider/sms', {
    token: admin,
    body: {
      provider: 'aliyun',
      access_key_id: 'LTAI-ch',
      access_key_secret: 'ch-secret',
      endpoint: aliyun.url,
      sign_name: 'Fleet',
      templates: { test: 'SMS_TEST', alarm: 'SMS_ALARM' },
    },
  });

describe('SMS and voice channels of trigger contacts', () => {
  it('validates the phone number and stores it in E.164', async () => {
    const bad = await create({ name: 'Bad', phone: '12345', sms_enabled: true });
    expect(bad.body).toMatchObject({ code: 10002 });
    expect(bad.body.msg).toContain('body.phone');
    const none = await create({ name: 'None', sms_enabled: true });
    expect(none.body.msg).toContain('body.phone');
    const abroad = await create({ name: 'HK', phone: '+852 9123 4567', voice_enabled: true });
    expect(abroad.body.msg).toContain('mainland');
    const ok = await create({
      name: 'Duty',
      phone: '138-0013-8000',
      sms_enabled: true,
      voice_enabled: true,
      storm_cap: 3,
    });
    expect(ok.body.data).toMatchObject({
      phone: '+8613800138000',
      sms_enabled: true,
      voice_enabled: true,
      storm_cap: 3,
      storm_window_s: 3600,
    });
  });

  it('offers SMS only once a provider is set, and a test send then goes through the outbox', async () => {
    const contact = (await create({ name: 'Tester', phone: '13800138001' })).body.data;
    let channels = await call<NoticeChannels>(t.app, 'GET', '/trigger/channels', { token: owner.token });
    expect(channels.body.data).toMatchObject({ sms: false, voice: false });
    const early = await call(t.app, 'POST', `/trigger/contact/${contact.id}/test`, {
      token: owner.token,
      body: { channel: 'sms' },
    });
    expect(early.body).toMatchObject({ code: 20000, msg_key: 'notice.noProvider' });

    expect((await configure()).body).toMatchObject({ code: 0 });
    channels = await call<NoticeChannels>(t.app, 'GET', '/trigger/channels', { token: owner.token });
    expect(channels.body.data).toMatchObject({ sms: true, voice: false });

    await t.database.db.update(users).set({ smsCount: 0 }).where(eq(users.id, owner.id));
    const empty = await call(t.app, 'POST', `/trigger/contact/${contact.id}/test`, {
      token: owner.token,
      body: { channel: 'sms' },
    });
    expect(empty.body).toMatchObject({ code: 20000, msg_key: 'notice.noQuota' });

    await t.database.db.update(users).set({ smsCount: null }).where(eq(users.id, owner.id));
    const queued = await call<{ notice_id: number }>(t.app, 'POST', `/trigger/contact/${contact.id}/test`, {
      token: owner.token,
      body: { channel: 'sms' },
    });
    expect(queued.body.code).toBe(0);
    await t.app.noticeWorker.runOnce();
    const [row] = await t.database.db
      .select()
      .from(noticeOutbox)
      .where(eq(noticeOutbox.id, queued.body.data.notice_id));
    expect(row).toMatchObject({ status: 'sent', channel: 'sms' });
    expect(aliyun.requests.at(-1)?.params).toMatchObject({
      TemplateCode: 'SMS_TEST',
      PhoneNumbers: '13800138001',
    });

    // The provider's receipt push: a wrong token is a 404; the right one applies the receipt once.
    const settings = await call<{ channel: string; receipt_path: string }[]>(
      t.app,
      'GET',
      '/notice/provider',
      { token: admin },
    );
    const path = settings.body.data.find((s) => s.channel === 'sms')!.receipt_path;
    const push = [
      {
        phone_number: '13800138001',
        report_time: '2026-11-25 11:00:05',
        success: true,
        err_code: 'DELIVERED',
        err_msg: '用户接收成功',
        biz_id: row!.providerId,
        out_id: String(row!.id),
      },
      { nonsense: true },
    ];
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notice/receipt/sms/not-the-token',
      payload: push,
    });
    expect(wrong.statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1${path}`, payload: push });
    expect(res.json()).toEqual({ code: 0, msg: '接收成功' });
    const [after] = await t.database.db.select().from(noticeOutbox).where(eq(noticeOutbox.id, row!.id));
    expect(after).toMatchObject({
      receiptStatus: 'delivered',
      receiptAt: new Date('2026-11-25T03:00:05.000Z'),
    });
    const again = [{ ...push[0], success: false, err_code: 'MK:0001' }];
    await t.app.inject({ method: 'POST', url: `/api/v1${path}`, payload: again });
    const [kept] = await t.database.db.select().from(noticeOutbox).where(eq(noticeOutbox.id, row!.id));
    expect(kept!.receiptStatus).toBe('delivered');
  });
});
