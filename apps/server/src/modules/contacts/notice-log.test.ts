import type { ListResult, NoticeRow } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createRole, createUser, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { parseCsv } from '../exports/exports.fixtures.js';
import { contacts, noticeOutbox } from './contacts.table.js';

// The notice log (issue 21 item 5): every SMS, call, e-mail and webhook with its status, cost and
// provider answer; filters; export through the background export jobs; tenant scope.

let t: TestApp;

async function signedIn(permissions: string[], parentId: number | null = null) {
  const roleId = await createRole(t.database, {
    ownerUserId: parentId,
    name: `log-${Math.random().toString(36).slice(2, 10)}`,
    permissions,
  });
  const user = await createUser(t.database, { userType: 2, parentId, roleIds: [roleId] });
  return { user, token: await tokenFor(t.app, user.username, user.password) };
}

let owner: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 8, minute));

/** One outbox row; `counted` gives it the owner's quota key as the SMS delivery does. */
async function notice(
  contactId: number,
  ownerId: number,
  values: { channel: string; status: string; minute: number; counted?: boolean; answer?: string },
) {
  const [row] = await t.database.db
    .insert(noticeOutbox)
    .values({
      contactId,
      channel: values.channel,
      status: values.status,
      createdAt: at(values.minute),
      sentAt: values.status === 'sent' ? at(values.minute) : null,
      providerAnswer: values.answer ?? '',
      lastError: values.status === 'failed' ? 'isv.MOBILE_NUMBER_ILLEGAL: 非法手机号' : '',
    })
    .returning({ id: noticeOutbox.id });
  if (values.counted)
    await t.database.db
      .update(noticeOutbox)
      .set({ quotaKeys: [`notice:${row!.id}:${ownerId}`] })
      .where(eq(noticeOutbox.id, row!.id));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedIn(['TriggerNotice/log', 'ExportFile']);
  other = await signedIn(['TriggerNotice/log']);
  const [mine] = await t.database.db
    .insert(contacts)
    .values({
      ownerUserId: owner.user.id,
      name: 'Night shift',
      phone: '+8613800138000',
      email: 'ops@example.com',
    })
    .returning({ id: contacts.id });
  const [foreign] = await t.database.db
    .insert(contacts)
    .values({ ownerUserId: other.user.id, name: 'Foreign', phone: '+8613900139000' })
    .returning({ id: contacts.id });
  const id = mine!.id;
  await notice(id, owner.user.id, { channel: 'sms', status: 'sent', minute: 1, counted: true, answer: 'OK' });
  await notice(id, owner.user.id, { channel: 'voice', status: 'failed', minute: 2, counted: true });
  await notice(id, owner.user.id, { channel: 'email', status: 'sent', minute: 3 });
  await notice(id, owner.user.id, { channel: 'sms', status: 'throttled', minute: 4 });
  await notice(id, owner.user.id, { channel: 'sms', status: 'pending', minute: 5, counted: true });
  await notice(foreign!.id, other.user.id, { channel: 'sms', status: 'sent', minute: 6, counted: true });
});
afterAll(async () => {
  await t?.close();
});

const list = (token: string, query = '') =>
  call<ListResult<NoticeRow>>(t.app, 'GET', `/trigger/notice?page=1&limit=50${query}`, { token });

describe('GET /trigger/notice (notice log)', () => {
  it('lists every notice of the caller’s data with status, cost, address and provider answer', async () => {
    const res = await list(owner.token);
    expect(res.body.code).toBe(0);
    expect(res.body.data.total).toBe(5);
    expect(
      res.body.data.rows.map((r) => [r.channel, r.status, r.cost, r.contact_address, r.provider_answer]),
    ).toEqual([
      ['sms', 'pending', 1, '+8613800138000', ''],
      ['sms', 'throttled', 0, '+8613800138000', ''],
      ['email', 'sent', 0, 'ops@example.com', ''],
      ['voice', 'failed', 0, '+8613800138000', ''],
      ['sms', 'sent', 1, '+8613800138000', 'OK'],
    ]);
  });

  it('filters by channel, status and time range', async () => {
    const sms = await list(owner.token, '&channel=sms');
    expect(sms.body.data.rows.map((r) => r.status)).toEqual(['pending', 'throttled', 'sent']);
    const failed = await list(owner.token, '&status=failed');
    expect(failed.body.data.rows.map((r) => r.channel)).toEqual(['voice']);
    const window = await list(
      owner.token,
      `&starttime=${at(2).toISOString()}&endtime=${Math.floor(at(4).getTime() / 1000)}`,
    );
    expect(window.body.data.rows.map((r) => r.channel)).toEqual(['sms', 'email', 'voice']);
    const bad = await list(owner.token, '&channel=fax');
    expect(bad.body.code).toBe(10002);
    expect(bad.body.msg).toMatch(/channel/);
  });

  it('another tenant sees only its own notices; without a log permission the list is refused', async () => {
    const foreign = await list(other.token);
    expect(foreign.body.data.rows.map((r) => r.contact_name)).toEqual(['Foreign']);
    const plain = await signedIn(['DeviceManage']);
    expect((await list(plain.token)).body.code).toBe(10001);
    const contactsOnly = await signedIn(['TriggerContact/index']);
    expect((await list(contactsOnly.token)).body.code).toBe(0);
  });

  it('exports the filtered log as a background job (csv), in the job’s language', async () => {
    const res = await call<{ id: number }>(t.app, 'POST', '/dataCenter/export', {
      token: owner.token,
      body: { kind: 'noticelog', params: { channel: 'sms' }, format: 'csv', lang: 'en', tz: 'UTC' },
    });
    expect(res.body.code).toBe(0);
    await t.app.exportWorker.runOnce();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dataCenter/fileDownload/${res.body.data.id}/file`,
      headers: { 'x-token': owner.token },
    });
    const rows = parseCsv(file.rawPayload.toString('utf8'));
    expect(rows[0]?.slice(0, 8)).toEqual([
      'Time',
      'Contact',
      'Phone / address',
      'Channel',
      'Device',
      'Alarm type',
      'Status',
      'Units charged',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[6], r[7]])).toEqual([
      ['2026-11-20 08:05:00', 'Pending', '1'],
      ['2026-11-20 08:04:00', 'Throttled', '0'],
      ['2026-11-20 08:01:00', 'Sent', '1'],
    ]);
    const refused = await call(t.app, 'POST', '/dataCenter/export', {
      token: other.token,
      body: { kind: 'noticelog', params: {} },
    });
    expect(refused.status).toBe(403);
    const badParams = await call(t.app, 'POST', '/dataCenter/export', {
      token: owner.token,
      body: { kind: 'noticelog', params: { status: 'lost' } },
    });
    expect(badParams.body).toMatchObject({ code: 10002 });
  });
});
