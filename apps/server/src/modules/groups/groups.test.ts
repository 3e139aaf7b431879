import type { CompanyRow, DeviceRow, GroupRow, ListResult, ProjectRow } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createDevice,
  createRole,
  createUser,
  nextImei,
  tokenFor,
} from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const ALL = ['DeviceManage', 'DeviceCompany'];
type Caller = { id: number; token: string };

let t: TestApp;
/** Agent A (sub-account S, customer C below it), sibling agent B. */
let a: Caller;
let s: Caller;
let c: Caller;
let b: Caller;

async function user(permissions: string[], parentId: number | null, isSubuser = false): Promise<Caller> {
  const role = await createRole(t.database, {
    ownerUserId: null,
    name: `g-${Math.random().toString(36).slice(2, 10)}`,
    permissions,
  });
  const u = await createUser(t.database, { userType: 2, parentId, isSubuser, roleIds: [role] });
  return { id: u.id, token: await tokenFor(t.app, u.username, u.password) };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await user(ALL, null);
  s = await user(ALL, a.id, true);
  c = await user(ALL, a.id);
  b = await user(ALL, null);
});
afterAll(async () => {
  await t?.close();
});

const post = <T>(who: Caller, url: string, body: unknown) =>
  call<T>(t.app, 'POST', url, { token: who.token, body });
const put = <T>(who: Caller, url: string, body: unknown) =>
  call<T>(t.app, 'PUT', url, { token: who.token, body });
const get = <T>(who: Caller, url: string) => call<T>(t.app, 'GET', url, { token: who.token });
const del = (who: Caller, url: string) => call(t.app, 'DELETE', url, { token: who.token });

describe('device groups', () => {
  it('creates, lists, renames and deletes; devices stay without a group', async () => {
    const g = await post<GroupRow>(a, '/device/group', { name: ' Pumps ', remark: 'north' });
    expect(g.body).toMatchObject({ code: 0, data: { name: 'Pumps', remark: 'north', device_count: 0 } });
    expect(g.body.data.owner_user_id).toBe(a.id);
    const gid = g.body.data.id;
    const dev = await createDevice(t.database, { ownerUserId: a.id });
    const moved = await put<DeviceRow>(a, `/device/${dev.id}`, { group_id: gid });
    expect(moved.body.data).toMatchObject({ group_id: gid, group_name: 'Pumps' });
    const list = await get<ListResult<GroupRow>>(a, '/device/group?search=pum');
    expect(list.body.data.rows).toEqual([expect.objectContaining({ id: gid, device_count: 1 })]);
    expect(list.body.data.total).toBe(1);

    const dup = await post(a, '/device/group', { name: 'Pumps' });
    expect(dup.body).toMatchObject({ code: 10002, msg: 'body.name: Pumps already exists' });
    const other = await post<GroupRow>(a, '/device/group', { name: 'Fans' });
    const rename = await put(a, `/device/group/${other.body.data.id}`, { name: 'Pumps' });
    expect(rename.body).toMatchObject({ code: 10002, msg: 'body.name: Pumps already exists' });
    const same = await put<GroupRow>(a, `/device/group/${gid}`, { name: 'Pumps', remark: '' });
    expect(same.body.data).toMatchObject({ name: 'Pumps', remark: '' });
    const unknown = await post(a, '/device/group', { name: 'x', color: 'red' });
    expect(unknown.body).toMatchObject({ code: 10002, msg: 'body.color: unknown field' });
    const empty = await post(a, '/device/group', { name: '  ' });
    expect(empty.body.code).toBe(10002);
    expect(empty.body.msg).toMatch(/^body\.name: /);

    expect((await del(a, `/device/group/${gid}`)).body.code).toBe(0);
    const after = await get<DeviceRow>(a, `/device/${dev.id}`);
    expect(after.body.data).toMatchObject({ id: dev.id, group_id: null, group_name: null });
    expect((await del(a, `/device/group/${gid}`)).status).toBe(404);
  });
});

describe('projects and companies', () => {
  it('keep their extra fields and validate them', async () => {
    const p = await post<ProjectRow>(a, '/device/project', {
      name: 'Plant 1',
      address: 'Harbour road 1',
      lat: 31.2,
      lng: 121.5,
      contact: 'Li',
      phone: '+86 21 1234',
    });
    expect(p.body.data).toMatchObject({ name: 'Plant 1', lat: 31.2, contact: 'Li', device_count: 0 });
    const upd = await put<ProjectRow>(a, `/device/project/${p.body.data.id}`, { lat: null, remark: 'r' });
    expect(upd.body.data).toMatchObject({ lat: null, lng: 121.5, remark: 'r', address: 'Harbour road 1' });
    const badLat = await post(a, '/device/project', { name: 'x', lat: 91 });
    expect(badLat.body.code).toBe(10002);
    expect(badLat.body.msg).toMatch(/^body\.lat: /);

    const co = await post<CompanyRow>(a, '/company', {
      name: 'Acme',
      contact: 'Wang',
      phone: '1',
      address: 'x',
    });
    expect(co.body.data).toMatchObject({
      name: 'Acme',
      contact: 'Wang',
      phone: '1',
      address: 'x',
      remark: '',
    });
    const list = await get<ListResult<CompanyRow>>(a, '/company');
    expect(list.body.data.rows.map((r) => r.name)).toContain('Acme');
    expect((await del(a, `/company/${co.body.data.id}`)).body.code).toBe(0);
    expect((await del(a, `/device/project/${p.body.data.id}`)).body.code).toBe(0);
  });

  it('need their permission: DeviceManage for groups/projects, DeviceCompany for companies', async () => {
    const manageOnly = await user(['DeviceManage'], null);
    expect((await get(manageOnly, '/company')).body.code).toBe(10001);
    expect((await post(manageOnly, '/company', { name: 'x' })).body.code).toBe(10001);
    expect((await get(manageOnly, '/device/group')).body.code).toBe(0);
    const companyOnly = await user(['DeviceCompany'], null);
    expect((await get(companyOnly, '/company')).body.code).toBe(0);
    expect((await get(companyOnly, '/device/project')).body.code).toBe(10001);
  });
});

describe('tenant scoping', () => {
  const KINDS = ['/device/group', '/device/project', '/company'] as const;

  it('a sub-account creates for its parent; the owner subtree sees, others get 404', async () => {
    for (const path of KINDS) {
      const mine = await post<GroupRow>(s, path, { name: `shared ${path}` });
      expect(mine.body.data.owner_user_id).toBe(a.id);
      const id = mine.body.data.id;
      const customer = await post<GroupRow>(c, path, { name: `customer ${path}` });
      // The same name under another owner is fine.
      const sibling = await post<GroupRow>(b, path, { name: `shared ${path}` });
      expect(sibling.body.code).toBe(0);

      const seenByA = await get<ListResult<GroupRow>>(a, `${path}?limit=100`);
      const ids = seenByA.body.data.rows.map((r) => r.id);
      expect(ids).toEqual(expect.arrayContaining([id, customer.body.data.id]));
      expect(ids).not.toContain(sibling.body.data.id);
      // The customer sees its own rows only, not its parent's.
      const seenByC = (await get<ListResult<GroupRow>>(c, `${path}?limit=100`)).body.data.rows.map(
        (r) => r.id,
      );
      expect(seenByC).toEqual([customer.body.data.id]);

      for (const [who, target] of [
        [b, id],
        [c, id],
        [b, customer.body.data.id],
      ] as const) {
        const changed = await put(who, `${path}/${target}`, { name: 'pwned' });
        expect(changed.status).toBe(404);
        expect(changed.body.code).toBe(50000);
        const removed = await del(who, `${path}/${target}`);
        expect(removed.status).toBe(404);
      }
      // The agent manages its customer's rows (below it) and the sub-account its parent's.
      expect((await put(a, `${path}/${customer.body.data.id}`, { remark: 'seen' })).body.code).toBe(0);
      expect((await put(s, `${path}/${id}`, { remark: 'seen' })).body.code).toBe(0);
      const unchanged = await get<ListResult<GroupRow>>(b, `${path}?limit=100`);
      expect(unchanged.body.data.rows.map((r) => r.name)).not.toContain('pwned');
    }
  });

  it('devices may only name visible groups, projects and companies', async () => {
    const foreignGroup = (await post<GroupRow>(b, '/device/group', { name: 'b-only' })).body.data.id;
    const foreignCompany = (await post<CompanyRow>(b, '/company', { name: 'b-co' })).body.data.id;
    const dev = await createDevice(t.database, { ownerUserId: a.id });
    const bad = await put(a, `/device/${dev.id}`, { group_id: foreignGroup });
    expect(bad.body).toMatchObject({ code: 10002, msg: `body.group_id: no group ${foreignGroup}` });
    const badBatch = await post(a, '/device/batch', {
      ids: [dev.id],
      update: { company_id: foreignCompany },
    });
    expect(badBatch.body).toMatchObject({
      code: 10002,
      msg: `body.update.company_id: no company ${foreignCompany}`,
    });
    const badCreate = await post(a, '/device', { device_imei: '123456789012', project_id: 999999 });
    expect(badCreate.body).toMatchObject({ code: 10002, msg: 'body.project_id: no project 999999' });
    const after = await get<DeviceRow>(a, `/device/${dev.id}`);
    expect(after.body.data).toMatchObject({ group_id: null, company_id: null });
  });
});

describe('devices in groups, projects and companies', () => {
  it('filters the device list and joins the names the caller can see', async () => {
    const g = (await post<GroupRow>(a, '/device/group', { name: 'filter g' })).body.data.id;
    const p = (await post<ProjectRow>(a, '/device/project', { name: 'filter p' })).body.data.id;
    const co = (await post<CompanyRow>(a, '/company', { name: 'filter co' })).body.data.id;
    const one = await post<DeviceRow>(a, '/device', {
      device_imei: nextImei(),
      group_id: g,
      project_id: p,
      company_id: co,
    });
    expect(one.body.data).toMatchObject({
      group_name: 'filter g',
      project_name: 'filter p',
      company_id: co,
      company_name: 'filter co',
    });
    const two = await createDevice(t.database, { ownerUserId: a.id });
    const batch = await post<{ updated: number }>(a, '/device/batch', {
      ids: [two.id],
      update: { company_id: co },
    });
    expect(batch.body.data.updated).toBe(1);
    const ids = async (query: string) =>
      (await get<ListResult<DeviceRow>>(a, `/device?${query}`)).body.data.rows.map((r) => r.id).sort();
    expect(await ids(`group_id=${g}`)).toEqual([one.body.data.id]);
    expect(await ids(`project_id=${p}`)).toEqual([one.body.data.id]);
    expect(await ids(`company_id=${co}`)).toEqual([one.body.data.id, two.id].sort());
    const companies = await get<ListResult<CompanyRow>>(a, '/company?search=filter');
    expect(companies.body.data.rows[0]).toMatchObject({ id: co, device_count: 2 });

    // Assigned to customer C: C sees the device and its ids, but not A's names.
    expect((await post(a, `/device/${one.body.data.id}/assign`, { user_id: c.id })).body.code).toBe(0);
    const seen = await get<DeviceRow>(c, `/device/${one.body.data.id}`);
    expect(seen.body.data).toMatchObject({
      assigned: true,
      group_id: g,
      group_name: null,
      company_name: null,
    });
  });
});
