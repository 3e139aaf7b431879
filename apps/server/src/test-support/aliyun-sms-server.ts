/** A local Aliyun SMS (dysmsapi) and voice (dyvmsapi) server: see sms-provider-shared.ts. */
import { createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  closer,
  digits,
  type FailureKind,
  json,
  listen,
  type ProviderServer,
  requestId,
  rfc3986,
} from './sms-provider-shared.js';

export interface AliyunServerOptions {
  accessKeyId: string;
  accessKeySecret: string;
}

export async function startAliyunServer(opts: AliyunServerOptions): Promise<ProviderServer> {
  const failures: FailureKind[] = [];
  const requests: ProviderServer['requests'] = [];
  const refused: string[] = [];
  const nonces = new Set<string>();

  const fail = (res: ServerResponse, status: number, Code: string, Message: string) => {
    refused.push(Code);
    json(res, status, { RequestId: requestId(), HostId: 'dysmsapi.aliyuncs.com', Code, Message });
  };

  const { server, url } = await listen((req, res, body) => {
    if (req.method !== 'POST' && req.method !== 'GET')
      return fail(res, 400, 'UnsupportedHTTPMethod', 'This http method is not supported.');
    const params: Record<string, string> = {};
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    for (const [k, v] of query) params[k] = v;
    if ((req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      for (const [k, v] of new URLSearchParams(body)) params[k] = v;
    }
    for (const name of [
      'AccessKeyId',
      'Action',
      'SignatureMethod',
      'SignatureNonce',
      'SignatureVersion',
      'Timestamp',
      'Version',
      'Signature',
    ]) {
      if (!params[name]) return fail(res, 400, `Missing${name}`, `${name} is mandatory for this action.`);
    }
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0') {
      return fail(res, 400, 'InvalidSignatureMethod', 'Specified signature method is not supported.');
    }
    if (params.Version !== '2017-05-25')
      return fail(res, 400, 'InvalidVersion', 'Specified parameter Version is not valid.');
    const stamp = Date.parse(params.Timestamp as string);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(params.Timestamp as string) || Number.isNaN(stamp)) {
      return fail(
        res,
        400,
        'InvalidTimeStamp.Format',
        'Specified time stamp or date value is not well formatted.',
      );
    }
    if (Math.abs(Date.now() - stamp) > 15 * 60_000) {
      return fail(res, 400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    }
    if (params.AccessKeyId !== opts.accessKeyId)
      return fail(res, 404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const canonical = Object.keys(params)
      .filter((k) => k !== 'Signature')
      .sort()
      .map((k) => `${rfc3986(k)}=${rfc3986(params[k] as string)}`)
      .join('&');
    const toSign = `${req.method}&${rfc3986('/')}&${rfc3986(canonical)}`;
    const expected = createHmac('sha1', `${opts.accessKeySecret}&`).update(toSign).digest('base64');
    if (expected !== params.Signature) {
      return fail(
        res,
        400,
        'SignatureDoesNotMatch',
        `Specified signature is not matched with our calculation. server string to sign is:${toSign}`,
      );
    }
    if (nonces.has(params.SignatureNonce as string))
      return fail(res, 400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(params.SignatureNonce as string);

    const required: Record<string, string[]> = {
      SendSms: ['PhoneNumbers', 'SignName', 'TemplateCode'],
      SingleCallByTts: ['CalledNumber', 'TtsCode'],
    };
    const action = params.Action as string;
    const needed = required[action];
    if (!needed)
      return fail(
        res,
        404,
        'InvalidAction.NotFound',
        'Specified api is not found, please check your url and method.',
      );
    for (const name of needed)
      if (!params[name]) return fail(res, 400, `Missing${name}`, `${name} is mandatory for this action.`);
    const paramField = action === 'SendSms' ? 'TemplateParam' : 'TtsParam';
    if (params[paramField] !== undefined) {
      try {
        JSON.parse(params[paramField] as string);
      } catch {
        return fail(res, 200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
      }
    }
    requests.push({ action, params });

    const failure = failures.shift();
    const RequestId = requestId();
    if (failure === 'throttle') {
      return json(
        res,
        200,
        action === 'SendSms'
          ? { RequestId, Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5' }
          : { RequestId, Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发号码天级流控' },
      );
    }
    if (failure === 'invalid-number')
      return json(res, 200, { RequestId, Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' });
    if (failure === 'server-error')
      return json(res, 500, { RequestId, Code: 'isp.SYSTEM_ERROR', Message: '系统异常' });
    const number = (action === 'SendSms' ? params.PhoneNumbers : params.CalledNumber) as string;
    if (!/^\d{8,15}$/.test(number))
      return json(res, 200, { RequestId, Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' });
    return json(
      res,
      200,
      action === 'SendSms'
        ? { RequestId, Code: 'OK', Message: 'OK', BizId: `${digits(15)}^0` }
        : { RequestId, Code: 'OK', Message: 'OK', CallId: `${digits(12)}^${digits(12)}` },
    );
  }, failures);

  return {
    url,
    requests,
    refused,
    failNext(kind, count = 1) {
      for (let i = 0; i < count; i += 1) failures.push(kind);
    },
    close: closer(server),
  };
}

// ---------------------------------------------------------------------------------------------
// Tencent Cloud API 3.0 (sms SendSms 2021-01-11, vms SendTtsVoice 2020-09-02), TC3-HMAC-SHA256.
