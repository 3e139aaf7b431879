import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAliyunSms } from './aliyun.js';
import { createTencentSms } from './tencent.js';

/**
 * A misbehaving gateway that echoes whatever it got (body and Authorization header) in its error
 * message: the refusal the adapter answers must still hold neither the secret nor the signature.
 */
const SECRET = 'leak-canary-secret-31f9a';
let server: Server;
let url: string;
let lastSignature = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      const auth = String(req.headers.authorization ?? '');
      const tencent = auth.startsWith('TC3');
      lastSignature = tencent
        ? (/Signature=(\w+)/.exec(auth)?.[1] ?? '')
        : (new URLSearchParams(body).get('Signature') ?? '');
      // Secret and signature first: the adapter shortens messages, which must not be what hides them.
      const echo = `bad request ${SECRET} ${lastSignature} ${auth} ${decodeURIComponent(body)}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          tencent
            ? { Response: { Error: { Code: 'InvalidParameter', Message: echo }, RequestId: 'r1' } }
            : { Code: 'isv.INVALID_PARAMETERS', Message: echo, RequestId: 'r1' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('refusals never carry the secret or the signature', () => {
  it('Aliyun', async () => {
    const result = await createAliyunSms({ accessKeyId: 'id', accessKeySecret: SECRET, endpoint: url }).send({
      phone: '13800138000',
      templateCode: 'SMS_1',
      signName: 'x',
      params: {},
    });
    expect(result).toMatchObject({ accepted: false, retryable: false, code: 'isv.INVALID_PARAMETERS' });
    expect(lastSignature).not.toBe('');
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(JSON.stringify(result)).not.toContain(lastSignature);
  });

  it('Tencent', async () => {
    const result = await createTencentSms({
      accessKeyId: 'id',
      accessKeySecret: SECRET,
      sdkAppId: '1',
      endpoint: url,
    }).send({
      phone: '13800138000',
      templateCode: '1',
      signName: 'x',
      params: {},
    });
    expect(result).toMatchObject({ accepted: false, retryable: false, code: 'InvalidParameter' });
    expect(lastSignature).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(JSON.stringify(result)).not.toContain(lastSignature);
  });
});
