import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProviderServer, startAliyunServer } from '../../../test-support/sms-provider-servers.js';
import {
  aliyunPercentEncode,
  aliyunRetryable,
  aliyunSignature,
  createAliyunSms,
  createAliyunVoice,
  parseAliyunSmsReport,
  parseAliyunVoiceReport,
} from './aliyun.js';

const KEY_ID = 'LTAI5tTestKeyId0001';
const SECRET = 'aliyun-test-secret-9f2c71d8e4';
const WRONG_SECRET = 'aliyun-wrong-secret-0000000';

let server: ProviderServer;
beforeAll(async () => {
  server = await startAliyunServer({ accessKeyId: KEY_ID, accessKeySecret: SECRET });
});
afterAll(() => server.close());

const sms = (over: Partial<Parameters<typeof createAliyunSms>[0]> = {}) =>
  createAliyunSms({
    accessKeyId: KEY_ID,
    accessKeySecret: SECRET,
    endpoint: server.url,
    timeoutMs: 2000,
    ...over,
  });
const voice = (over: Partial<Parameters<typeof createAliyunVoice>[0]> = {}) =>
  createAliyunVoice({
    accessKeyId: KEY_ID,
    accessKeySecret: SECRET,
    endpoint: server.url,
    timeoutMs: 2000,
    ...over,
  });

const message = {
  phone: '+86 138-0013-8000',
  templateCode: 'SMS_123456789',
  signName: '泵站监控',
  // Characters the signature must encode: space, '*', '~', '&', '=', CJK.
  params: { device: 'Pump *1 ~ east & west', value: '3.5 = high', name: '一号泵' },
  outId: 'notice-42',
};

describe('signature', () => {
  it('matches the worked example of the Aliyun RPC signature documentation (DescribeRegions, testsecret)', () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(aliyunSignature('testsecret', 'GET', params)).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });
});

describe('percent encoding', () => {
  it('follows RFC 3986 as the signature documentation asks', () => {
    expect(aliyunPercentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(aliyunPercentEncode('泵')).toBe('%E6%B3%B5');
  });
});

describe('Aliyun SMS (SendSms)', () => {
  it('sends: the server verifies the signature and answers a BizId', async () => {
    const before = server.requests.length;
    const result = await sms().send(message);
    expect(result).toMatchObject({ accepted: true, providerId: expect.stringMatching(/^\d+\^0$/) });
    const request = server.requests[before];
    expect(request?.action).toBe('SendSms');
    expect(request?.params).toMatchObject({
      PhoneNumbers: '13800138000',
      SignName: '泵站监控',
      TemplateCode: 'SMS_123456789',
      OutId: 'notice-42',
    });
    expect(JSON.parse(request?.params.TemplateParam as string)).toEqual(message.params);
  });

  it('sends an international number as country code and number without +', async () => {
    const before = server.requests.length;
    expect((await sms().send({ ...message, phone: '+85291234567' })).accepted).toBe(true);
    expect(server.requests[before]?.params.PhoneNumbers).toBe('85291234567');
  });

  it('is refused with a wrong secret (the server checks the signature), permanently, without leaking it', async () => {
    const before = server.requests.length;
    const result = await sms({ accessKeySecret: WRONG_SECRET }).send(message);
    expect(result).toMatchObject({ accepted: false, retryable: false, code: 'SignatureDoesNotMatch' });
    expect(server.requests.length).toBe(before);
    expect(JSON.stringify(result)).not.toContain(WRONG_SECRET);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    // The answer echoes the whole string to sign (number, parameters): only the verdict is kept.
    expect(JSON.stringify(result)).not.toContain('13800138000');
  });

  it('is refused with an unknown key id', async () => {
    const result = await sms({ accessKeyId: 'LTAI-unknown' }).send(message);
    expect(result).toMatchObject({ accepted: false, retryable: false, code: 'InvalidAccessKeyId.NotFound' });
  });

  it('refuses a malformed number before calling the provider', async () => {
    const before = server.requests.length + server.refused.length;
    for (const phone of ['12345', '+86 12345678901', '0138 0013 8000', 'abc', '+0123456789']) {
      expect(await sms().send({ ...message, phone })).toMatchObject({
        accepted: false,
        retryable: false,
        code: 'INVALID_PHONE',
      });
    }
    expect(server.requests.length + server.refused.length).toBe(before);
  });

  it('classifies flow control as retryable and an illegal number as permanent', async () => {
    server.failNext('throttle');
    expect(await sms().send(message)).toMatchObject({
      accepted: false,
      retryable: true,
      code: 'isv.BUSINESS_LIMIT_CONTROL',
    });
    server.failNext('invalid-number');
    expect(await sms().send(message)).toMatchObject({
      accepted: false,
      retryable: false,
      code: 'isv.MOBILE_NUMBER_ILLEGAL',
    });
  });

  it('classifies provider errors and a bare 502 as retryable', async () => {
    server.failNext('server-error');
    expect(await sms().send(message)).toMatchObject({
      accepted: false,
      retryable: true,
      code: 'isp.SYSTEM_ERROR',
    });
    server.failNext('http-502');
    expect(await sms().send(message)).toMatchObject({ accepted: false, retryable: true, code: 'HTTP_502' });
  });

  it('times out cleanly as retryable', async () => {
    server.failNext('hang');
    const started = Date.now();
    const result = await sms({ timeoutMs: 200 }).send(message);
    expect(result).toMatchObject({ accepted: false, retryable: true, code: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers a closed port as a retryable network failure', async () => {
    const result = await sms({ endpoint: 'http://127.0.0.1:1' }).send(message);
    expect(result).toMatchObject({ accepted: false, retryable: true, code: 'NETWORK' });
  });

  it('classifies the documented codes', () => {
    for (const code of [
      'isv.BUSINESS_LIMIT_CONTROL',
      'isv.DAY_LIMIT_CONTROL',
      'isp.SYSTEM_ERROR',
      'Throttling.User',
      'SignatureNonceUsed',
    ]) {
      expect(aliyunRetryable(code), code).toBe(true);
    }
    for (const code of [
      'isv.MOBILE_NUMBER_ILLEGAL',
      'isv.SMS_TEMPLATE_ILLEGAL',
      'isv.SMS_SIGNATURE_ILLEGAL',
      'isv.AMOUNT_NOT_ENOUGH',
      'SignatureDoesNotMatch',
      'isp.RAM_PERMISSION_DENY',
      'isv.OUT_OF_SERVICE',
    ]) {
      expect(aliyunRetryable(code), code).toBe(false);
    }
  });
});

describe('Aliyun voice (SingleCallByTts)', () => {
  it('calls: the server verifies the signature and answers a CallId', async () => {
    const before = server.requests.length;
    const result = await voice({ showNumber: '057100000000' }).call({
      phone: '13800138000',
      ttsCode: 'TTS_10001',
      params: { device: '一号泵' },
      outId: 'notice-43',
    });
    expect(result).toMatchObject({ accepted: true, providerId: expect.stringMatching(/^\d+\^\d+$/) });
    expect(server.requests[before]).toMatchObject({
      action: 'SingleCallByTts',
      params: {
        CalledNumber: '13800138000',
        TtsCode: 'TTS_10001',
        CalledShowNumber: '057100000000',
        PlayTimes: '2',
        OutId: 'notice-43',
      },
    });
  });

  it('is refused with a wrong secret and never calls a number outside the mainland', async () => {
    expect(
      await voice({ accessKeySecret: WRONG_SECRET }).call({
        phone: '13800138000',
        ttsCode: 'TTS_1',
        params: {},
      }),
    ).toMatchObject({
      accepted: false,
      retryable: false,
      code: 'SignatureDoesNotMatch',
    });
    expect(await voice().call({ phone: '+85291234567', ttsCode: 'TTS_1', params: {} })).toMatchObject({
      accepted: false,
      code: 'INVALID_PHONE',
    });
  });

  it('classifies throttling and times out', async () => {
    server.failNext('throttle');
    expect(await voice().call({ phone: '13800138000', ttsCode: 'TTS_1', params: {} })).toMatchObject({
      retryable: true,
      accepted: false,
    });
    server.failNext('hang');
    expect(
      await voice({ timeoutMs: 200 }).call({ phone: '13800138000', ttsCode: 'TTS_1', params: {} }),
    ).toMatchObject({ code: 'TIMEOUT', retryable: true });
  });
});

describe('Aliyun receipts', () => {
  it('reads the SmsReport push', () => {
    const parsed = parseAliyunSmsReport([
      {
        phone_number: '13800138000',
        send_time: '2026-11-25 11:00:00',
        report_time: '2026-11-25 11:00:05',
        success: true,
        err_code: 'DELIVERED',
        err_msg: '用户接收成功',
        sms_size: '1',
        biz_id: '932702304080415357^0',
        out_id: 'notice-42',
      },
      {
        phone_number: '13800138001',
        report_time: '2026-11-25 11:00:06',
        success: false,
        err_code: 'MK:0004',
        err_msg: '用户关机',
        biz_id: '932702304080415358^0',
      },
      { phone_number: '13800138002' },
      'junk',
    ]);
    expect(parsed.dropped).toBe(2);
    expect(parsed.receipts).toEqual([
      {
        providerId: '932702304080415357^0',
        phone: '13800138000',
        status: 'delivered',
        at: new Date('2026-11-25T03:00:05Z'),
        code: 'DELIVERED',
        message: '用户接收成功',
        outId: 'notice-42',
      },
      {
        providerId: '932702304080415358^0',
        phone: '13800138001',
        status: 'failed',
        at: new Date('2026-11-25T03:00:06Z'),
        code: 'MK:0004',
        message: '用户关机',
      },
    ]);
    expect(parseAliyunSmsReport({ not: 'an array' })).toEqual({ receipts: [], dropped: 1 });
  });

  it('reads the VoiceReport push: 200000 answered, anything else failed', () => {
    const parsed = parseAliyunVoiceReport([
      {
        call_id: '116012354148^10281378',
        status_code: '200000',
        status_msg: '用户听完挂断',
        callee: '13800138000',
        end_time: '2026-11-25 03:01:10',
        out_id: 'notice-43',
      },
      {
        call_id: '116012354148^10281379',
        status_code: '200005',
        status_msg: '用户未接',
        callee: '13800138001',
      },
      { status_code: '200000' },
    ]);
    expect(parsed.dropped).toBe(1);
    expect(parsed.receipts.map((r) => [r.status, r.code, r.outId])).toEqual([
      ['delivered', '200000', 'notice-43'],
      ['failed', '200005', undefined],
    ]);
    expect(parsed.receipts[0]?.at).toEqual(new Date('2026-11-24T19:01:10Z'));
  });
});
