import type { SmsSettingsRow, SmsTestAnswer } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretBoxFor } from '../../platform/crypto/secret-box.js';
import { call, createRole, createUser, tokenFor } from '../../test-support/factories.js';
import {
  type ProviderServer,
  startAliyunServer,
  startTencentServer,
} from '../../test-support/sms-provider-servers.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { smsProviderSettings } from './sms.table.js';

let t: TestApp;
let admin: string;
let aliyun: ProviderServer;
let tencent: ProviderServer;
const SECRET = 'ali-secret-DO-NOT-LEAK-123';
const TC_SECRET = 'tc-secret-DO-NOT-LEAK-456';

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin', t.adminPassword);
  aliyun = await startAliyunServer({ accessKeyId: 'LTAI-test', accessKeySecret: SECRET });
  tencent = await startTencentServer({ secretId: 'AKID-test', secretKey: TC_SECRET, sdkAppId: '1400000001' });
});
afterAll(async () => {
  await aliyun?.close();
  await tencent?.close();
  await t?.close();
});

const aliyunBody = (extra: Record<string, unknown> = {}) => ({
  provider: 'aliyun',
  access_key_id: 'LTAI-test',
  access_key_secret: SECRET,
  endpoint: aliyun.url,
  sign_name: 'Fleet',
  templates: { alarm: 'SMS_1001', recovery: 'SMS_1002', test: 'SMS_1003', code: 'SMS_1004' },
  ...extra,
});
const save = (channel: string, body: unknown, token = admin) =>
  call<SmsSettingsRow>(t.app, 'PUT', `/notice/provider/${channel}`, { token, body });
const test = (channel: string, phone: string) =>
  call<SmsTestAnswer>(t.app, 'POST', `/notice/provider/${channel}/test`, { token: admin, body: { phone } });

describe('SMS and voice provider settings', () => {
  it('answers both channels unconfigured at first', async () => {
    const res = await call<SmsSettingsRow[]>(t.app, 'GET', '/notice/provider', { token: admin });
    expect(res.body.data.map((r) => [r.channel, r.configured])).toEqual([
      ['sms', false],
      ['voice', false],
    ]);
  });

  it('stores the secret sealed, never answers it, and keeps it when a save leaves it out', async () => {
    const res = await save('sms', aliyunBody());
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      configured: true,
      provider: 'aliyun',
      has_secret: true,
      sign_name: 'Fleet',
    });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    const [row] = await t.database.db.select().from(smsProviderSettings);
    expect(row!.accessKeySecret.startsWith('sb1:')).toBe(true);
    expect(secretBoxFor(t.config).open(row!.accessKeySecret)).toBe(SECRET);
    const path = res.body.data.receipt_path;
    expect(path).toMatch(/^\/notice\/receipt\/sms\/[\w-]{32}$/);

    const again = await save('sms', aliyunBody({ access_key_secret: undefined, sign_name: 'Fleet2' }));
    expect(again.body.data).toMatchObject({ sign_name: 'Fleet2', has_secret: true, receipt_path: path });
    const [kept] = await t.database.db.select().from(smsProviderSettings);
    expect(secretBoxFor(t.config).open(kept!.accessKeySecret)).toBe(SECRET);
    const list = await call<SmsSettingsRow[]>(t.app, 'GET', '/notice/provider', { token: admin });
    expect(JSON.stringify(list.body)).not.toContain(SECRET);
  });

  it('refuses bad input and changes nothing', async () => {
    const first = await save('voice', aliyunBody({ access_key_secret: undefined }));
    expect(first.body).toMatchObject({ code: 10002 });
    expect(first.body.msg).toContain('access_key_secret');
    const tc = await save('voice', { ...aliyunBody(), provider: 'tencent' });
    expect(tc.body.msg).toContain('sdk_app_id');
    const url = await save('voice', aliyunBody({ endpoint: 'ftp://x' }));
    expect(url.body.msg).toContain('endpoint');
    const tpl = await save('voice', aliyunBody({ templates: { alarm: 'TTS 1' } }));
    expect(tpl.body.msg).toContain('templates.alarm');
    const list = await call<SmsSettingsRow[]>(t.app, 'GET', '/notice/provider', { token: admin });
    expect(list.body.data.find((r) => r.channel === 'voice')?.configured).toBe(false);
  });

  it('is for platform administrators only', async () => {
    const roleId = await createRole(t.database, {
      ownerUserId: null,
      name: 'others-only',
      permissions: ['Others'],
    });
    const user = await createUser(t.database, { userType: 1, roleIds: [roleId] });
    const token = await tokenFor(t.app, user.username, user.password);
    expect((await call(t.app, 'GET', '/notice/provider', { token })).body).toMatchObject({ code: 10001 });
    expect((await save('sms', aliyunBody(), token)).body).toMatchObject({ code: 10001 });
  });

  it('sends a test SMS and a test call through Aliyun with the stored secret', async () => {
    const sms = await test('sms', '13800138000');
    expect(sms.body.data).toMatchObject({ accepted: true, code: 'OK' });
    expect(sms.body.data.provider_id).not.toBe('');
    const sent = aliyun.requests.at(-1)!;
    expect(sent.action).toBe('SendSms');
    expect(sent.params).toMatchObject({
      PhoneNumbers: '13800138000',
      TemplateCode: 'SMS_1003',
      SignName: 'Fleet2',
    });

    await save('voice', aliyunBody({ templates: { test: 'TTS_2003' } }));
    const voice = await test('voice', '+8613800138001');
    expect(voice.body.data).toMatchObject({ accepted: true });
    expect(aliyun.requests.at(-1)).toMatchObject({
      action: 'SingleCallByTts',
      params: { TtsCode: 'TTS_2003' },
    });
  });

  it('answers the provider’s refusal and our own settings problems', async () => {
    aliyun.failNext('invalid-number');
    const refused = await test('sms', '13800138000');
    expect(refused.body.data).toMatchObject({
      accepted: false,
      retryable: false,
      code: 'isv.MOBILE_NUMBER_ILLEGAL',
    });
    aliyun.failNext('throttle');
    expect((await test('sms', '13800138000')).body.data).toMatchObject({ accepted: false, retryable: true });
    expect((await test('sms', '12345')).body.data).toMatchObject({ accepted: false, code: 'INVALID_PHONE' });
    await save('sms', aliyunBody({ access_key_secret: 'wrong-secret', templates: { test: 'SMS_1003' } }));
    const wrong = await test('sms', '13800138000');
    expect(wrong.body.data).toMatchObject({ accepted: false, code: 'SignatureDoesNotMatch' });
    expect(JSON.stringify(wrong.body)).not.toContain('wrong-secret');
    await save('sms', aliyunBody({ templates: { alarm: 'SMS_1' } }));
    expect((await test('sms', '13800138000')).body.data).toMatchObject({ code: 'INVALID_SETTINGS' });
  });

  it('sends through Tencent with its application id', async () => {
    const res = await save('sms', {
      provider: 'tencent',
      access_key_id: 'AKID-test',
      access_key_secret: TC_SECRET,
      endpoint: tencent.url,
      sdk_app_id: '1400000001',
      sign_name: 'Fleet',
      templates: { test: '100003' },
    });
    expect(res.body.code).toBe(0);
    expect((await test('sms', '+8613800138000')).body.data).toMatchObject({ accepted: true });
    expect(tencent.requests.at(-1)?.action).toBe('SendSms');
  });
});
