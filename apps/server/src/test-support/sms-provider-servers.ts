import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the SMS and voice providers (issue 21 "Tests"), speaking their documented APIs
 * on 127.0.0.1 port 0. They verify the request signature with their own implementation of the
 * documented algorithm (not the adapter's), so a wrong key or a signing bug gets the provider's
 * documented authentication answer. `failNext(kind)` makes the next answers throttle, refuse the
 * number, fail on the provider side, or never answer.
 */

export type FailureKind = 'throttle' | 'invalid-number' | 'server-error' | 'http-502' | 'hang';

export interface ProviderServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Every request that passed the signature check, in arrival order (parameters as received). */
  requests: Array<{ action: string; params: Record<string, unknown> }>;
  /** Requests refused before their action ran (auth, missing parameters), with the code answered. */
  refused: string[];
  /** The next `count` requests (default 1) answer this failure instead of success. */
  failNext(kind: FailureKind, count?: number): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function listen(
  handle: (req: IncomingMessage, res: ServerResponse, body: string) => void,
  failures: FailureKind[],
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    readBody(req)
      .then((body) => {
        if (failures[0] === 'hang') {
          failures.shift();
          return; // never answers; close() ends the socket
        }
        if (failures[0] === 'http-502') {
          failures.shift();
          res.writeHead(502, { 'content-type': 'text/html' });
          res.end('<html><body>502 Bad Gateway</body></html>');
          return;
        }
        handle(req, res, body);
      })
      .catch(() => {
        res.writeHead(400);
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function closer(server: Server) {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
const requestId = () => {
  const h = randomBytes(16).toString('hex').toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

// ---------------------------------------------------------------------------------------------
// Aliyun RPC (dysmsapi SendSms, dyvmsapi SingleCallByTts), signature version 1.0.

/** RFC 3986 encoding written out by hand (unreserved A-Z a-z 0-9 - _ . ~ stay, the rest %XX). */
function rfc3986(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

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
