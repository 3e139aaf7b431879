import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { ContactRow, ListResult, NoticeChannels, NoticeRow } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, SECRET_BOX_FILE, secretBoxFor } from '../../platform/crypto/secret-box.js';
import { call, createDevice, createRole, createUser, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { triggers } from '../triggers/triggers.table.js';
import { contacts, noticeOutbox, triggerContactLinks } from './contacts.table.js';
import { sealClearWebhookSecrets } from './webhook-secret-sealing.js';

let t: TestApp;

/** A signed-in user holding TriggerContact/index (below `parentId` when given). */
async function contactUser(options: { parentId?: number; isSubuser?: boolean; permissions?: string[] } = {}) {
  const roleId = await createRole(t.database, {
    ownerUserId: options.parentId ?? null,
    name: `contacts-${Math.random().toString(36).slice(2, 10)}`,
    permissions: options.permissions ?? ['TriggerContact/index'],
  });
  const user = await createUser(t.database, {
    userType: 2,
    parentId: options.parentId ?? null,
    isSubuser: options.isSubuser ?? false,
    roleIds: [roleId],
    nickName: `nick-${Math.random().toString(36).slice(2, 6)}`,
  });
  return { user, token: await tokenFor(t.app, user.username, user.password) };
}

type User = Awaited<ReturnType<typeof contactUser>>;
let owner: User;
let child: User;
let subAccount: User;
let otherTenant: User;

const SECRET = 'SEC-very-secret-signing-key';

beforeAll(async () => {
  t = await createTestApp();
  owner = await contactUser();
  child = await contactUser({ parentId: owner.user.id });
  subAccount = await contactUser({ parentId: owner.user.id, isSubuser: true });
  otherTenant = await contactUser();
});
afterAll(async () => {
  await t?.close();
});

const list = (token: string, query = '') =>
  call<ListResult<ContactRow>>(t.app, 'GET', `/trigger/contact?page=1&limit=50${query}`, { token });
const create = (token: string, body: Record<string, unknown>) =>
  call<ContactRow>(t.app, 'POST', '/trigger/contact', { token, body });
const notices = (token: string, query = '') =>
  call<ListResult<NoticeRow>>(t.app, 'GET', `/trigger/notice?page=1&limit=50${query}`, { token });

describe('POST/PUT /trigger/contact', () => {
  it('creates a contact owned by the caller, answering has_webhook_secret but never the secret', async () => {
    const res = await create(owner.token, {
      name: ' Duty engineer ',
      email: 'duty@example.com',
      webhook_kind: 'dingtalk',
      webhook_url: 'https://oapi.dingtalk.com/robot/send?access_token=abc',
      webhook_secret: SECRET,
      email_enabled: true,
      webhook_enabled: true,
      min_interval_s: 60,
      language: 'en',
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      name: 'Duty engineer',
      email: 'duty@example.com',
      phone: '',
      webhook_kind: 'dingtalk',
      has_webhook_secret: true,
      email_enabled: true,
      webhook_enabled: true,
      min_interval_s: 60,
      language: 'en',
      enabled: true,
      owner_name: owner.user.nickName,
      trigger_count: 0,
    });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    expect(res.body.data).not.toHaveProperty('webhook_secret');
    const [stored] = await t.database.db.select().from(contacts).where(eq(contacts.id, res.body.data.id));
    // Encrypted at rest: the row holds AES-256-GCM output, the key is DATA_DIR/secret-box.key (0600).
    expect(stored?.ownerUserId).toBe(owner.user.id);
    expect(stored?.webhookSecret).toMatch(/^sb1:/);
    expect(stored?.webhookSecret).not.toContain(SECRET);
    expect(secretBoxFor(t.config).open(stored!.webhookSecret)).toBe(SECRET);
    const keyFile = join(t.dataDir, SECRET_BOX_FILE);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('seals webhook secrets stored in clear before encryption, once, on start', async () => {
    const created = await create(owner.token, { name: 'Legacy robot' });
    const id = created.body.data.id;
    await t.database.db
      .update(contacts)
      .set({ webhookSecret: 'legacy-clear-secret' })
      .where(eq(contacts.id, id));
    expect(await sealClearWebhookSecrets(t.database, t.config)).toBeGreaterThanOrEqual(1);
    const [stored] = await t.database.db.select().from(contacts).where(eq(contacts.id, id));
    expect(stored?.webhookSecret).toMatch(/^sb1:/);
    expect(secretBoxFor(t.config).open(stored!.webhookSecret)).toBe('legacy-clear-secret');
    expect(await sealClearWebhookSecrets(t.database, t.config)).toBe(0);
  });

  it('refuses to open a sealed secret with another key', () => {
    const sealed = secretBoxFor(t.config).seal(SECRET);
    const other = createSecretBox(randomBytes(32));
    expect(() => other.open(sealed)).toThrow();
    expect(sealed).not.toBe(secretBoxFor(t.config).seal(SECRET));
  });

  it('refuses a bad contact with 10002 naming the field, and stores nothing', async () => {
    const before = (await list(owner.token)).body.data.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', email_enabled: true }, 'email'],
      [{ name: 'x', webhook_enabled: true, webhook_kind: 'wecom' }, 'webhook_url'],
      [{ name: 'x', webhook_enabled: true, webhook_url: 'https://example.com/hook' }, 'webhook_kind'],
      [{ name: 'x', webhook_url: 'ftp://example.com/hook' }, 'webhook_url'],
      [{ name: 'x', email: 'not-an-address' }, 'email'],
      [{ name: '' }, 'name'],
      [{ name: 'x', language: 'fr' }, 'language'],
      [{ name: 'x', min_interval_s: -1 }, 'min_interval_s'],
      [{ name: 'x', phone: 'call me' }, 'phone'],
    ];
    for (const [body, field] of cases) {
      const res = await create(owner.token, body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, 10002]);
      expect(res.body.msg).toContain(field);
    }
    expect((await list(owner.token)).body.data.total).toBe(before);
  });

  it('updates only the fields given: secret absent keeps it, empty clears it', async () => {
    const created = await create(owner.token, {
      name: 'Robot',
      webhook_kind: 'feishu',
      webhook_url: 'https://open.feishu.cn/open-apis/bot/v2/hook/x',
      webhook_secret: SECRET,
      webhook_enabled: true,
      language: 'es',
    });
    const id = created.body.data.id;
    const renamed = await call<ContactRow>(t.app, 'PUT', `/trigger/contact/${id}`, {
      token: owner.token,
      body: { name: 'Robot 2', remark: 'night shift' },
    });
    expect(renamed.body.data).toMatchObject({
      name: 'Robot 2',
      remark: 'night shift',
      webhook_kind: 'feishu',
      webhook_enabled: true,
      language: 'es',
      has_webhook_secret: true,
      expiry_notices: false,
    });
    // Service expiry notices are chosen per contact and kept by a PUT that leaves them out.
    const billing = await call<ContactRow>(t.app, 'PUT', `/trigger/contact/${id}`, {
      token: owner.token,
      body: { expiry_notices: true },
    });
    expect(billing.body.data).toMatchObject({ expiry_notices: true, name: 'Robot 2' });
    // The rules hold for the contact as it will be: turning e-mail on needs an address.
    const bad = await call(t.app, 'PUT', `/trigger/contact/${id}`, {
      token: owner.token,
      body: { email_enabled: true },
    });
    expect(bad.body.code).toBe(10002);
    expect(bad.body.msg).toContain('email');
    const cleared = await call<ContactRow>(t.app, 'PUT', `/trigger/contact/${id}`, {
      token: owner.token,
      body: { webhook_secret: '' },
    });
    expect(cleared.body.data).toMatchObject({
      has_webhook_secret: false,
      email_enabled: false,
      expiry_notices: true,
    });
    const [stored] = await t.database.db.select().from(contacts).where(eq(contacts.id, id));
    expect(stored?.webhookSecret).toBe('');
  });
});

describe('GET /trigger/contact: scope', () => {
  it('shows the data subtree: the parent sees its children, a child not its parent, other tenants nothing', async () => {
    const mine = await create(child.token, { name: 'Child contact' });
    const viaSub = await create(subAccount.token, { name: 'Sub-account contact' });
    const foreign = await create(otherTenant.token, { name: 'Foreign contact' });
    // A sub-account works on its parent's data: the contact is the parent's.
    const [stored] = await t.database.db.select().from(contacts).where(eq(contacts.id, viaSub.body.data.id));
    expect(stored?.ownerUserId).toBe(owner.user.id);

    const ownerNames = (await list(owner.token)).body.data.rows.map((r) => r.name);
    expect(ownerNames).toEqual(expect.arrayContaining(['Child contact', 'Sub-account contact', 'Robot 2']));
    expect(ownerNames).not.toContain('Foreign contact');
    const childNames = (await list(child.token)).body.data.rows.map((r) => r.name);
    expect(childNames).toEqual(['Child contact']);
    expect((await list(otherTenant.token)).body.data.rows.map((r) => r.name)).toEqual(['Foreign contact']);
    expect((await list(owner.token, '&search=sub-acc')).body.data.rows.map((r) => r.name)).toEqual([
      'Sub-account contact',
    ]);

    const foreignUrl = `/trigger/contact/${foreign.body.data.id}`;
    const put = await call(t.app, 'PUT', foreignUrl, { token: owner.token, body: { name: 'mine now' } });
    expect([put.status, put.body.code]).toEqual([404, 50000]);
    const del = await call(t.app, 'DELETE', foreignUrl, { token: owner.token });
    expect(del.status).toBe(404);
    const ownersOwn = (await list(owner.token, '&search=Robot')).body.data.rows[0]!;
    const up = await call(t.app, 'PUT', `/trigger/contact/${ownersOwn.id}`, {
      token: child.token,
      body: { name: 'x' },
    });
    expect(up.status).toBe(404);
    expect((await list(otherTenant.token)).body.data.rows[0]?.name).toBe('Foreign contact');
    expect(mine.body.data.owner_name).toBe(child.user.nickName);
  });

  it('needs TriggerContact/index', async () => {
    const plain = await contactUser({ permissions: ['DeviceManage'] });
    for (const [method, url] of [
      ['GET', '/trigger/contact'],
      ['GET', '/trigger/notice'],
      ['GET', '/trigger/channels'],
      ['POST', '/trigger/contact'],
    ] as const) {
      const res = await call(t.app, method, url, {
        token: plain.token,
        body: method === 'POST' ? { name: 'x' } : undefined,
      });
      expect(res.body.code, url).toBe(10001);
    }
  });
});

describe('test notices, delivery log, trigger_count and delete', () => {
  it('queues a test notice through the outbox; without SMTP it fails with the message', async () => {
    const c = await create(owner.token, { name: 'Mail only', email: 'ops@example.com' });
    const id = c.body.data.id;
    const test = await call<{ notice_id: number }>(t.app, 'POST', `/trigger/contact/${id}/test`, {
      token: owner.token,
      body: { channel: 'email' },
    });
    expect(test.body.code).toBe(0);
    const noWebhook = await call(t.app, 'POST', `/trigger/contact/${id}/test`, {
      token: owner.token,
      body: { channel: 'webhook' },
    });
    expect([noWebhook.body.code, noWebhook.body.msg]).toEqual([10002, expect.stringContaining('channel')]);
    const badChannel = await call(t.app, 'POST', `/trigger/contact/${id}/test`, {
      token: owner.token,
      body: { channel: 'sms' },
    });
    expect(badChannel.body.code).toBe(10002);

    await t.app.noticeWorker.runOnce();
    const log = await notices(owner.token, `&contact_id=${id}`);
    expect(log.body.data.rows).toEqual([
      expect.objectContaining({
        id: test.body.data.notice_id,
        contact_id: id,
        contact_name: 'Mail only',
        alarm_id: null,
        device_title: null,
        alarm_type: null,
        channel: 'email',
        status: 'failed',
        attempts: 1,
        last_error: 'SMTP not configured',
        sent_at: null,
      }),
    ]);
    expect((await notices(owner.token, '&status=failed')).body.data.total).toBeGreaterThanOrEqual(1);
    expect((await notices(owner.token, '&status=sent')).body.data.total).toBe(0);
    expect((await notices(otherTenant.token)).body.data.total).toBe(0);
    const foreignTest = await call(t.app, 'POST', `/trigger/contact/${id}/test`, {
      token: otherTenant.token,
      body: { channel: 'email' },
    });
    expect(foreignTest.status).toBe(404);
  });

  it('counts linked triggers, and deleting takes the links and notices along', async () => {
    const c = await create(owner.token, { name: 'Linked', email: 'linked@example.com' });
    const id = c.body.data.id;
    const device = await createDevice(t.database, { ownerUserId: owner.user.id });
    const [trigger] = await t.database.db
      .insert(triggers)
      .values({ deviceId: device.id, kind: 'offline' })
      .returning({ id: triggers.id });
    await t.database.db.insert(triggerContactLinks).values({ triggerId: trigger!.id, contactId: id });
    await t.database.db.insert(noticeOutbox).values({ contactId: id, channel: 'email', status: 'failed' });
    const row = (await list(owner.token, '&search=Linked')).body.data.rows[0];
    expect(row?.trigger_count).toBe(1);

    const del = await call(t.app, 'DELETE', `/trigger/contact/${id}`, { token: owner.token });
    expect(del.body).toMatchObject({ code: 0, data: null });
    expect((await list(owner.token, '&search=Linked')).body.data.total).toBe(0);
    expect(
      await t.database.db.select().from(triggerContactLinks).where(eq(triggerContactLinks.contactId, id)),
    ).toEqual([]);
    expect(await t.database.db.select().from(noticeOutbox).where(eq(noticeOutbox.contactId, id))).toEqual([]);
    expect((await call(t.app, 'DELETE', `/trigger/contact/${id}`, { token: owner.token })).status).toBe(404);
  });

  it('GET /trigger/channels: e-mail only when SMTP_URL is set', async () => {
    const res = await call<NoticeChannels>(t.app, 'GET', '/trigger/channels', { token: owner.token });
    expect(res.body.data).toEqual({ email: false, webhook: true, sms: false, voice: false });
    const withSmtp = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const admin = await tokenFor(withSmtp.app, 'admin', withSmtp.adminPassword);
      const answer = await call<NoticeChannels>(withSmtp.app, 'GET', '/trigger/channels', { token: admin });
      expect(answer.body.data).toEqual({ email: true, webhook: true, sms: false, voice: false });
    } finally {
      await withSmtp.close();
    }
  });
});
