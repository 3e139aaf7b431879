import type { ListResult, NoticeRow } from '@fleet/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createDevice, createRole, createUser, tokenFor } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { ensureDemoNotices } from './demo-notices.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('gives the demo account a notice log once, however often it starts', async () => {
  const roleId = await createRole(t.database, {
    ownerUserId: null,
    name: 'demo-notices',
    permissions: ['TriggerNotice/log'],
  });
  const demo = await createUser(t.database, { userType: 3, roleIds: [roleId] });
  await ensureDemoNotices(t.database.db, demo.id);
  await ensureDemoNotices(t.database.db, demo.id);
  const token = await tokenFor(t.app, demo.username, demo.password);
  const log = await call<ListResult<NoticeRow>>(t.app, 'GET', '/trigger/notice?limit=50', { token });
  expect(log.body.data.total).toBe(9);
  const byStatus = (s: string) => log.body.data.rows.filter((r) => r.status === s);
  expect(byStatus('sent').map((r) => [r.channel, r.cost])).toEqual([
    ['sms', 1],
    ['email', 0],
    ['sms', 1],
    ['voice', 1],
    ['sms', 1],
  ]);
  expect(byStatus('throttled')).toHaveLength(3);
  expect(byStatus('failed')[0]?.provider_answer).toMatch(/^isv\.MOBILE_NUMBER_ILLEGAL/);
  expect(log.body.data.rows.find((r) => r.digest_count !== null)?.digest_count).toBe(7);
});

it('on a fresh fleet the notices are about past alarms of a demo device, not test notices', async () => {
  const roleId = await createRole(t.database, {
    ownerUserId: null,
    name: 'demo-notices-fresh',
    permissions: ['TriggerNotice/log'],
  });
  const demo = await createUser(t.database, { userType: 3, roleIds: [roleId] });
  const device = await createDevice(t.database, { ownerUserId: demo.id, title: 'Boiler room' });
  await ensureDemoNotices(t.database.db, demo.id);
  const token = await tokenFor(t.app, demo.username, demo.password);
  const log = await call<ListResult<NoticeRow>>(t.app, 'GET', '/trigger/notice?limit=50', { token });
  const about = log.body.data.rows.filter((r) => r.alarm_id !== null);
  // All but the refused number's test SMS name an alarm of the device, and three alarms in all.
  expect(about).toHaveLength(8);
  expect(new Set(about.map((r) => r.device_title))).toEqual(new Set([device.title]));
  expect(new Set(about.map((r) => r.alarm_id)).size).toBe(3);
});
