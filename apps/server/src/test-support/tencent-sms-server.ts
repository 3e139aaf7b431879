/** A local Tencent Cloud SMS and voice (vms) server: see sms-provider-shared.ts. */
import { createHash, createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  closer,
  digits,
  type FailureKind,
  json,
  listen,
  type ProviderServer,
  requestId,
} from './sms-provider-shared.js';

export interface TencentServerOptions {
  secretId: string;
  secretKey: string;
  /** SmsSdkAppId / VoiceSdkAppid the account owns. */
  sdkAppId: string;
}

const ACTIONS: Record<string, { service: string; version: string; required: string[] }> = {
  SendSms: {
    service: 'sms',
    version: '2021-01-11',
    required: ['PhoneNumberSet', 'SmsSdkAppId', 'TemplateId'],
  },
  SendTtsVoice: {
    service: 'vms',
    version: '2020-09-02',
    required: ['TemplateId', 'CalledNumber', 'VoiceSdkAppid'],
  },
};

export async function startTencentServer(opts: TencentServerOptions): Promise<ProviderServer> {
  const failures: FailureKind[] = [];
  const requests: ProviderServer['requests'] = [];
  const refused: string[] = [];
  const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

  // Tencent answers errors with HTTP 200 and Response.Error.
  const error = (res: ServerResponse, Code: string, Message: string, count = true) => {
    if (count) refused.push(Code);
    json(res, 200, { Response: { Error: { Code, Message }, RequestId: requestId() } });
  };

  const { server, url } = await listen((req, res, body) => {
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const action = header('x-tc-action') ?? '';
    const spec = ACTIONS[action];
    if (!spec) return error(res, 'InvalidAction', `The action ${action} is not found.`);
    if (header('x-tc-version') !== spec.version)
      return error(res, 'NoSuchVersion', 'The requested version does not exist.');
    if (!header('x-tc-region'))
      return error(res, 'MissingParameter', 'The request is missing a required parameter `Region`.');
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        header('authorization') ?? '',
      );
    if (!auth) return error(res, 'AuthFailure.InvalidAuthorization', 'Authorization header is malformed.');
    const [, secretId, date, service, signedHeaders, signature] = auth as unknown as string[];
    const timestamp = Number(header('x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      return error(
        res,
        'AuthFailure.SignatureExpire',
        'Signature expired. Timestamp and server time cannot differ by more than five minutes.',
      );
    }
    if (secretId !== opts.secretId)
      return error(
        res,
        'AuthFailure.SecretIdNotFound',
        'The SecretId is not found, please ensure that your SecretId is correct.',
      );
    const signed = (signedHeaders as string).split(';');
    if (!signed.includes('content-type') || !signed.includes('host')) {
      return error(res, 'AuthFailure.SignatureFailure', 'content-type and host must be signed.');
    }
    const canonicalHeaders = signed
      .map(
        (n) =>
          `${n}:${String(header(n) ?? '')
            .trim()
            .toLowerCase()}\n`,
      )
      .join('');
    const canonicalRequest = [req.method, '/', '', canonicalHeaders, signedHeaders, sha256(body)].join('\n');
    const scope = `${date}/${service}/tc3_request`;
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonicalRequest)}`;
    const kDate = createHmac('sha256', `TC3${opts.secretKey}`)
      .update(date as string)
      .digest();
    const kService = createHmac('sha256', kDate)
      .update(service as string)
      .digest();
    const kSigning = createHmac('sha256', kService).update('tc3_request').digest();
    const expected = createHmac('sha256', kSigning).update(toSign).digest('hex');
    const dayOfStamp = new Date(timestamp * 1000).toISOString().slice(0, 10);
    if (expected !== signature || date !== dayOfStamp || service !== spec.service) {
      return error(
        res,
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    }
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return error(res, 'InvalidParameter', 'The request body is not valid JSON.');
    }
    for (const name of spec.required) {
      if (params[name] === undefined || params[name] === '')
        return error(res, 'MissingParameter', `The request is missing a required parameter \`${name}\`.`);
    }
    const appId = action === 'SendSms' ? params.SmsSdkAppId : params.VoiceSdkAppid;
    if (appId !== opts.sdkAppId) {
      return error(
        res,
        action === 'SendSms'
          ? 'UnauthorizedOperation.SmsSdkAppIdVerifyFail'
          : 'UnauthorizedOperation.SdkAppidVerifyFail',
        'SdkAppId verification failed.',
      );
    }
    requests.push({ action, params });
    const failure = failures.shift();
    const RequestId = requestId();
    if (failure === 'server-error') return error(res, 'InternalError.OtherError', 'Other errors.', false);

    if (action === 'SendTtsVoice') {
      if (failure === 'throttle')
        return error(res, 'RequestLimitExceeded', 'Your current request times equals to `limit`.', false);
      const called = String(params.CalledNumber);
      if (failure === 'invalid-number' || !/^\+861[3-9]\d{9}$/.test(called)) {
        return error(
          res,
          'InvalidParameterValue.IncorrectPhoneNumber',
          'The format of phone number is incorrect.',
          false,
        );
      }
      return json(res, 200, {
        Response: {
          SendStatus: {
            CallId: `${digits(8)}-${digits(4)}`,
            SessionContext: String(params.SessionContext ?? ''),
          },
          RequestId,
        },
      });
    }
    // SendSms: the request succeeds; each number has its own status.
    const phones = Array.isArray(params.PhoneNumberSet) ? (params.PhoneNumberSet as unknown[]) : [];
    const SendStatusSet = phones.map((p) => {
      const phone = String(p);
      const base = { PhoneNumber: phone, SessionContext: String(params.SessionContext ?? ''), IsoCode: 'CN' };
      if (failure === 'throttle') {
        return {
          ...base,
          SerialNo: '',
          Fee: 0,
          Code: 'LimitExceeded.PhoneNumberThirtySecondLimit',
          Message:
            'the number of sms messages sent from a single mobile number within 30 seconds exceeds the upper limit',
        };
      }
      if (failure === 'invalid-number' || !/^\+[1-9]\d{7,14}$/.test(phone)) {
        return {
          ...base,
          SerialNo: '',
          Fee: 0,
          Code: 'InvalidParameterValue.IncorrectPhoneNumber',
          Message: 'incorrect phone number',
        };
      }
      return { ...base, SerialNo: `${digits(4)}:${digits(20)}`, Fee: 1, Code: 'Ok', Message: 'send success' };
    });
    return json(res, 200, { Response: { SendStatusSet, RequestId } });
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
