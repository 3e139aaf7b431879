import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProviderServer, startTencentServer } from '../../../test-support/sms-provider-servers.js';
import {
  createTencentSms,
  createTencentVoice,
  parseTencentSmsCallback,
  parseTencentVoiceCallback,
  tencentParamSet,
  tencentRetryable,
} from './tencent.js';

const SECRET_ID = 'AKIDtestsecretid0000000000000001';
const SECRET_KEY = 'tencent-test-secret-key-5b8e1a';
const WRONG_KEY = 'tencent-wrong-secret-key-00000';
const APP_ID = '1400000001';

let server: ProviderServer;
beforeAll(async () => {
  server = await startTencentServer({ secretId: SECRET_ID, secretKey: SECRET_KEY, sdkAppId: APP_ID });
});
afterAll(() => server.close());

const sms = (over: Partial<Parameters<typeof createTencentSms>[0]> = {}) =>
  createTencentSms({
    accessKeyId: SECRET_ID,
    accessKeySecret: SECRET_KEY,
    sdkAppId: APP_ID,
    endpoint: server.url,
    timeoutMs: 2000,
    ...over,
  });
const voice = (over: Partial<Parameters<typeof createTencentVoice>[0]> = {}) =>
  createTencentVoice({
    accessKeyId: SECRET_ID,
    accessKeySecret: SECRET_KEY,
    sdkAppId: APP_ID,
    endpoint: server.url,
    timeoutMs: 2000,
    ...over,
  });

const message = {
  phone: '13800138000',
  templateCode: '1234567',
  signName: '泵站监控',
  params: { '2': '3.5 MPa', '1': '一号泵', '10': 'last' },
  outId: 'notice-42',
};

describe('Tencent SMS (SendSms 2021-01-11)', () => {
  it('sends: the server verifies TC3-HMAC-SHA256 and answers a SerialNo', async () => {
    const before = server.requests.length;
    const result = await sms().send(message);
    expect(result).toMatchObject({
      accepted: true,
      providerId: expect.stringMatching(/^\d+:\d+$/),
      requestId: expect.any(String),
    });
    expect(server.requests[before]).toEqual({
      action: 'SendSms',
      params: {
        PhoneNumberSet: ['+8613800138000'],
        SmsSdkAppId: APP_ID,
        TemplateId: '1234567',
        SignName: '泵站监控',
        TemplateParamSet: ['一号泵', '3.5 MPa', 'last'],
        SessionContext: 'notice-42',
      },
    });
  });

  it('is refused with a wrong secret key (checked by the server), permanently, without leaking it', async () => {
    const before = server.requests.length;
    const result = await sms({ accessKeySecret: WRONG_KEY }).send(message);
    expect(result).toMatchObject({ accepted: false, retryable: false, code: 'AuthFailure.SignatureFailure' });
    expect(server.requests.length).toBe(before);
    expect(JSON.stringify(result)).not.toContain(WRONG_KEY);
    expect(JSON.stringify(result)).not.toContain(SECRET_KEY);
  });

  it('is refused with an unknown SecretId, a wrong app id and a clock five minutes off', async () => {
    expect(await sms({ accessKeyId: 'AKIDunknown' }).send(message)).toMatchObject({
      retryable: false,
      code: 'AuthFailure.SecretIdNotFound',
    });
    expect(await sms({ sdkAppId: '1400999999' }).send(message)).toMatchObject({
      retryable: false,
      code: 'UnauthorizedOperation.SmsSdkAppIdVerifyFail',
    });
    const skewed = () => new Date(Date.now() - 10 * 60_000);
    expect(await sms({ now: skewed }).send(message)).toMatchObject({
      retryable: false,
      code: 'AuthFailure.SignatureExpire',
    });
  });

  it('refuses a malformed number before calling the provider', async () => {
    const before = server.requests.length + server.refused.length;
    expect(await sms().send({ ...message, phone: '138001380' })).toMatchObject({
      accepted: false,
      retryable: false,
      code: 'INVALID_PHONE',
    });
    expect(server.requests.length + server.refused.length).toBe(before);
  });

  it('classifies the per-number limit as retryable and an incorrect number as permanent', async () => {
    server.failNext('throttle');
    expect(await sms().send(message)).toMatchObject({
      accepted: false,
      retryable: true,
      code: 'LimitExceeded.PhoneNumberThirtySecondLimit',
    });
    server.failNext('invalid-number');
    expect(await sms().send(message)).toMatchObject({
      accepted: false,
      retryable: false,
      code: 'InvalidParameterValue.IncorrectPhoneNumber',
    });
  });

  it('classifies internal errors and a bare 502 as retryable, and times out cleanly', async () => {
    server.failNext('server-error');
    expect(await sms().send(message)).toMatchObject({
      accepted: false,
      retryable: true,
      code: 'InternalError.OtherError',
    });
    server.failNext('http-502');
    expect(await sms().send(message)).toMatchObject({ accepted: false, retryable: true, code: 'HTTP_502' });
    server.failNext('hang');
    expect(await sms({ timeoutMs: 200 }).send(message)).toMatchObject({
      accepted: false,
      retryable: true,
      code: 'TIMEOUT',
    });
  });

  it('classifies the documented codes', () => {
    for (const code of [
      'LimitExceeded.PhoneNumberDailyLimit',
      'LimitExceeded.AppDailyLimit',
      'RequestLimitExceeded',
      'InternalError.Timeout',
      'InternalError.SendAndRecvFail',
    ]) {
      expect(tencentRetryable(code), code).toBe(true);
    }
    for (const code of [
      'AuthFailure.SignatureFailure',
      'FailedOperation.InsufficientBalanceInSmsPackage',
      'FailedOperation.TemplateIncorrectOrUnapproved',
      'FailedOperation.PhoneNumberInBlacklist',
      'InvalidParameterValue.IncorrectPhoneNumber',
      'InternalError.SigFieldMissing',
    ]) {
      expect(tencentRetryable(code), code).toBe(false);
    }
  });

  it('orders template parameters by number, else by insertion', () => {
    expect(tencentParamSet({ '10': 'c', '2': 'b', '1': 'a' })).toEqual(['a', 'b', 'c']);
    expect(tencentParamSet({ name: 'x', value: 'y' })).toEqual(['x', 'y']);
  });
});

describe('Tencent voice (vms SendTtsVoice)', () => {
  const call = { phone: '+8613800138000', ttsCode: '7654321', params: { '1': '一号泵' }, outId: 'notice-43' };

  it('calls: signed for service vms, answers a CallId', async () => {
    const before = server.requests.length;
    const result = await voice().call(call);
    expect(result).toMatchObject({ accepted: true, providerId: expect.any(String) });
    expect(server.requests[before]).toEqual({
      action: 'SendTtsVoice',
      params: {
        TemplateId: '7654321',
        TemplateParamSet: ['一号泵'],
        CalledNumber: '+8613800138000',
        VoiceSdkAppid: APP_ID,
        PlayTimes: 2,
        SessionContext: 'notice-43',
      },
    });
  });

  it('is refused with a wrong key, classifies throttling, and times out', async () => {
    expect(await voice({ accessKeySecret: WRONG_KEY }).call(call)).toMatchObject({
      accepted: false,
      retryable: false,
      code: 'AuthFailure.SignatureFailure',
    });
    server.failNext('throttle');
    expect(await voice().call(call)).toMatchObject({
      accepted: false,
      retryable: true,
      code: 'RequestLimitExceeded',
    });
    server.failNext('invalid-number');
    expect(await voice().call(call)).toMatchObject({ accepted: false, retryable: false });
    server.failNext('hang');
    expect(await voice({ timeoutMs: 200 }).call(call)).toMatchObject({
      accepted: false,
      retryable: true,
      code: 'TIMEOUT',
    });
  });
});

describe('Tencent receipts', () => {
  it('reads the SMS status callback', () => {
    const parsed = parseTencentSmsCallback([
      {
        user_receive_time: '2026-11-25 11:00:05',
        nationcode: '86',
        mobile: '13800138000',
        report_status: 'SUCCESS',
        errmsg: 'DELIVRD',
        description: '用户短信送达成功',
        sid: '2019:538884*****',
      },
      {
        user_receive_time: '2026-11-25 11:00:06',
        nationcode: '86',
        mobile: '13800138001',
        report_status: 'FAIL',
        errmsg: 'MN:0001',
        description: '空号',
        sid: '2019:538884*****2',
      },
      { report_status: 'MAYBE', sid: 'x' },
    ]);
    expect(parsed.dropped).toBe(1);
    expect(parsed.receipts).toEqual([
      {
        providerId: '2019:538884*****',
        phone: '+8613800138000',
        status: 'delivered',
        at: new Date('2026-11-25T03:00:05Z'),
        code: 'DELIVRD',
        message: '用户短信送达成功',
      },
      {
        providerId: '2019:538884*****2',
        phone: '+8613800138001',
        status: 'failed',
        at: new Date('2026-11-25T03:00:06Z'),
        code: 'MN:0001',
        message: '空号',
      },
    ]);
  });

  it('reads the voice prompt and failure callbacks', () => {
    expect(
      parseTencentVoiceCallback({
        voiceprompt_callback: {
          result: '0',
          callid: 'c1',
          mobile: '13800138000',
          nationcode: '86',
          end_calltime: '1470197221',
        },
      }),
    ).toEqual({
      receipts: [
        {
          providerId: 'c1',
          phone: '+8613800138000',
          status: 'delivered',
          at: new Date(1470197221 * 1000),
          code: '0',
          message: 'answered',
        },
      ],
      dropped: 0,
    });
    expect(
      parseTencentVoiceCallback({
        voiceprompt_callback: { result: '1', callid: 'c2', mobile: '13800138000', nationcode: '86' },
      }).receipts[0],
    ).toMatchObject({ status: 'failed', message: 'not answered' });
    expect(
      parseTencentVoiceCallback({
        voice_failure_callback: {
          callid: 'c3',
          failure_code: 8,
          failure_reason: '空号',
          mobile: '13800138000',
          nationcode: '86',
        },
      }).receipts[0],
    ).toMatchObject({ status: 'failed', code: '8', message: '空号' });
    expect(parseTencentVoiceCallback({ voicekey_callback: { callid: 'c4', keypress: '2' } })).toEqual({
      receipts: [],
      dropped: 1,
    });
    expect(parseTencentVoiceCallback(null)).toEqual({ receipts: [], dropped: 1 });
  });
});
