import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startAliyunServer } from '../../apps/server/src/test-support/aliyun-sms-server.js';
import { transmitted } from './auth.js';

/**
 * The e2e platform's SMS provider: the same local Aliyun server the API tests use (it checks the
 * documented request signing), configured through the platform settings API as an administrator
 * would. The provider server lives in the Playwright runner's process, the tests in worker
 * processes, so a small inbox answers what the provider received: GET /messages?phone=<digits>.
 */
export interface SmsInbox {
  /** Where the tests read the messages (E2E_SMS_INBOX). */
  url: string;
  close(): Promise<void>;
}

/** Template codes the platform is given; the test provider accepts any. */
export const E2E_SMS_TEMPLATES = { code: 'SMS_E2E_CODE', test: 'SMS_E2E_TEST' };

export async function startSmsInbox(): Promise<
  SmsInbox & { providerUrl: string; keyId: string; secret: string }
> {
  const keyId = `LTAI-e2e-${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(16).toString('hex');
  const provider = await startAliyunServer({ accessKeyId: keyId, accessKeySecret: secret });
  const inbox: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    const phone = url.searchParams.get('phone');
    const messages = provider.requests
      .filter((r) => r.action === 'SendSms' && (!phone || r.params.PhoneNumbers === phone))
      .map((r) => ({
        phone: r.params.PhoneNumbers,
        template: r.params.TemplateCode,
        params: JSON.parse(String(r.params.TemplateParam ?? '{}')) as Record<string, string>,
      }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(inbox.address() as AddressInfo).port}`,
    providerUrl: provider.url,
    keyId,
    secret,
    async close() {
      inbox.closeAllConnections();
      await new Promise<void>((resolve) => inbox.close(() => resolve()));
      await provider.close();
    },
  };
}

/** Signs in as the administrator over HTTP (global setup has no Playwright request context). */
async function adminToken(baseUrl: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: transmitted(password) }),
  });
  const body = (await res.json()) as { code: number; data: { token: string } };
  if (body.code !== 0) throw new Error(`admin sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** Saves the test provider as the platform's SMS provider (PUT /notice/provider/sms). */
export async function configureSmsProvider(
  baseUrl: string,
  adminPassword: string,
  inbox: { providerUrl: string; keyId: string; secret: string },
): Promise<void> {
  const token = await adminToken(baseUrl, adminPassword);
  const res = await fetch(`${baseUrl}/api/v1/notice/provider/sms`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-token': token },
    body: JSON.stringify({
      provider: 'aliyun',
      access_key_id: inbox.keyId,
      access_key_secret: inbox.secret,
      endpoint: inbox.providerUrl,
      sign_name: 'Fleet',
      templates: E2E_SMS_TEMPLATES,
    }),
  });
  const body = (await res.json()) as { code: number };
  if (body.code !== 0) throw new Error(`SMS provider not saved: ${JSON.stringify(body)}`);
}
