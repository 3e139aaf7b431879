import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../modules/devices/devices.table.js';
import { deviceProjects } from '../../modules/groups/groups.table.js';
import { users } from '../../modules/users/users.table.js';
import { call, createRole, createUser, nextImei, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * SPEC 3 resource limits (issue 20 item 7) through the API: the creating account's own limit and the
 * limit of every account above it, each counting its whole subtree; concurrent creations never pass it.
 */
type Caller = { id: number; username: string; token: string };
type Limits = Partial<Record<'projectLimit' | 'deviceLimit', number | null>>;

let t: TestApp;

async function account(parentId: number | null, limits: Limits = {}): Promise<Caller> {
  const role = await createRole(t.database, {
    ownerUserId: null,
    name: `lim-${Math.random().toString(36).slice(2, 10)}`,
    permissions: ['DeviceManage'],
  });
  const u = await createUser(t.database, { userType: 2, parentId, roleIds: [role], ...limits });
  return { id: u.id, username: u.username, token: await tokenFor(t.app, u.username, u.password) };
}

const newProject = (who: Caller, name = `p-${Math.random().toString(36).slice(2, 10)}`) =>
  call<{ id: number }>(t.app, 'POST', '/device/project', { token: who.token, body: { name } });
const newDevice = (who: Caller) =>
  call<{ id: number }>(t.app, 'POST', '/device', { token: who.token, body: { device_imei: nextImei() } });

async function ownedIn(table: typeof devices | typeof deviceProjects, ownerIds: number[]) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(table)
    .where(sql`${table.ownerUserId} IN (${sql.join(ownerIds, sql`, `)})`);
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('project limit', () => {
  it('refuses the project past the own limit with 20000 naming it, and creates nothing', async () => {
    const agent = await account(null, { projectLimit: 1 });
    expect((await newProject(agent)).body.code).toBe(0);
    const refused = await newProject(agent);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 20000,
      msg_key: 'project.limitReached',
      msg_params: { limit: 1, used: 1, owner: agent.username },
    });
    expect(refused.body.msg).toMatch(/^project limit reached: account .* may have 1 projects/);
    expect(await ownedIn(deviceProjects, [agent.id])).toBe(1);
  });

  it('counts the whole subtree against an ancestor that set one; no limit below passes otherwise', async () => {
    const agent = await account(null, { projectLimit: 2 });
    const left = await account(agent.id, { projectLimit: null });
    const right = await account(agent.id);
    expect((await newProject(left)).body.code).toBe(0);
    expect((await newProject(right)).body.code).toBe(0);
    const refused = await newProject(left);
    expect(refused.body).toMatchObject({ code: 20000, msg_params: { owner: agent.username, limit: 2 } });
    expect((await newProject(agent)).body.code).toBe(20000);
    expect(await ownedIn(deviceProjects, [agent.id, left.id, right.id])).toBe(2);
  });

  it("a 'no limit' tree creates freely", async () => {
    const free = await account(null);
    for (let i = 0; i < 3; i++) expect((await newProject(free)).body.code).toBe(0);
  });
});

describe('device limit', () => {
  it("refuses a child's device at the grandparent's limit", async () => {
    const top = await account(null, { deviceLimit: 2 });
    const mid = await account(top.id, { deviceLimit: 10 });
    const leaf = await account(mid.id);
    expect((await newDevice(leaf)).body.code).toBe(0);
    expect((await newDevice(mid)).body.code).toBe(0);
    const refused = await newDevice(leaf);
    expect(refused.body).toMatchObject({
      code: 20000,
      msg_key: 'device.limitReached',
      msg_params: { owner: top.username, limit: 2, used: 2 },
    });
    expect(await ownedIn(devices, [top.id, mid.id, leaf.id])).toBe(2);
  });

  it('refuses an import that would pass an ancestor limit, naming how many were asked for', async () => {
    const top = await account(null, { deviceLimit: 3 });
    const child = await account(top.id);
    expect((await newDevice(top)).body.code).toBe(0);
    const res = await call(t.app, 'POST', '/device/import', {
      token: child.token,
      body: { imeis: [nextImei(), nextImei(), nextImei()].join('\n') },
    });
    expect(res.body).toMatchObject({
      code: 20000,
      msg_key: 'device.limitReachedAdding',
      msg_params: { adding: 3, used: 1, owner: top.username },
    });
    expect(await ownedIn(devices, [top.id, child.id])).toBe(1);
  });

  it("a transfer inside a full tree passes the ancestor's limit, one into a full child does not", async () => {
    const top = await account(null, { deviceLimit: 2 });
    const child = await account(top.id, { deviceLimit: 1 });
    const a = await newDevice(top);
    const b = await newDevice(top);
    expect([a.body.code, b.body.code]).toEqual([0, 0]);
    const moved = await call(t.app, 'POST', `/device/${a.body.data.id}/transfer`, {
      token: top.token,
      body: { user_id: child.id },
    });
    expect(moved.body.code).toBe(0);
    const full = await call(t.app, 'POST', `/device/${b.body.data.id}/transfer`, {
      token: top.token,
      body: { user_id: child.id },
    });
    expect(full.body).toMatchObject({ code: 20000, msg_params: { owner: child.username, limit: 1 } });
    expect(await ownedIn(devices, [child.id])).toBe(1);
  });
});

describe('concurrent creations', () => {
  it('never pass the limit: exactly the free places are taken', async () => {
    const top = await account(null, { projectLimit: 4, deviceLimit: 3 });
    const kids = [await account(top.id), await account(top.id), await account(top.id)];
    const projects = await Promise.all(Array.from({ length: 12 }, (_, i) => newProject(kids[i % 3]!)));
    const devicesMade = await Promise.all(Array.from({ length: 9 }, (_, i) => newDevice(kids[i % 3]!)));
    expect(projects.filter((r) => r.body.code === 0)).toHaveLength(4);
    expect(projects.filter((r) => r.body.code === 20000)).toHaveLength(8);
    expect(devicesMade.filter((r) => r.body.code === 0)).toHaveLength(3);
    const ids = [top.id, ...kids.map((k) => k.id)];
    expect(await ownedIn(deviceProjects, ids)).toBe(4);
    expect(await ownedIn(devices, ids)).toBe(3);
    // The limiter rows are not changed by the checks (a lock, not a counter).
    const [row] = await t.database.db.select().from(users).where(eq(users.id, top.id));
    expect(row).toMatchObject({ projectLimit: 4, deviceLimit: 3 });
  });
});
