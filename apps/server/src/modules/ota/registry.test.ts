import type {
  ListResult,
  OtaGatewayCreateResult,
  OtaGatewayRow,
  OtaLineFailure,
  OtaSimRow,
} from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, nextImei } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  createOtaUser,
  createProject,
  nextIccid,
  OTA_GATEWAY_READ,
  OTA_SIM_READ,
} from './registry.fixtures.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createOtaUser>>;
let other: Awaited<ReturnType<typeof createOtaUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOtaUser(t);
  other = await createOtaUser(t);
});
afterAll(async () => {
  await t?.close();
});

const createGateways = (token: string, body: Record<string, unknown>) =>
  call<OtaGatewayCreateResult>(t.app, 'POST', '/ota/gateways', { token, body });
const listGateways = (token: string, query = '') =>
  call<ListResult<OtaGatewayRow>>(t.app, 'GET', `/ota/gateways${query}`, { token });

describe('OTA gateways: several IMEIs, one per line', () => {
  it('creates one gateway per line: trimmed, blank lines skipped, in the caller’s data', async () => {
    const [a, b] = [nextImei(), nextImei()];
    const res = await createGateways(owner.token, {
      imeis: `  ${a}  \r\n\n\n${b}\n   \n`,
      type: 2,
      model: 'G4-Pro',
      default_port: 502,
      remark: 'roof',
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.created.map((g) => g.imei)).toEqual([a, b]);
    expect(res.body.data.created[0]).toMatchObject({
      owner_user_id: owner.user.id,
      type: 2,
      model: 'G4-Pro',
      default_port: 502,
      firmware_version: '',
      firmware_counter: 0,
      param_version: null,
      iccid: null,
      sim_status: null,
      project_id: null,
      remark: 'roof',
    });
  });

  it('refuses the whole input, listing every bad line: invalid, repeated, taken', async () => {
    const taken = nextImei();
    expect((await createGateways(other.token, { imeis: taken, type: 1 })).body.code).toBe(0);
    const good = nextImei();
    const res = await call<{ created: number; failed: OtaLineFailure[] }>(t.app, 'POST', '/ota/gateways', {
      token: owner.token,
      body: { imeis: `${good}\n12ab5\n\n${good}\n${taken}\n123`, type: 1 },
    });
    expect(res.body.code).toBe(10002);
    expect(res.body.msg).toMatch(/^body\.imeis: 4 of 5 lines are wrong, nothing was stored/);
    expect(res.body.data.created).toBe(0);
    expect(res.body.data.failed.map((f) => [f.row, f.value, f.reason_key])).toEqual([
      [2, '12ab5', 'ota.invalidImei'],
      [4, good, 'ota.duplicateImei'],
      [5, taken, 'ota.imeiTaken'],
      [6, '123', 'ota.invalidImei'],
    ]);
    expect(res.body.data.failed[1]!.reason).toBe(`IMEI ${good} repeats line 1 of the input`);
    // Nothing stored: the good line is free.
    const list = await listGateways(owner.token, `?search=${good}`);
    expect(list.body.data.total).toBe(0);
  });

  it('registers an IMEI once when two requests race for it; the loser stores nothing', async () => {
    const shared = nextImei();
    const [own, mine] = [nextImei(), nextImei()];
    const answers = await Promise.all([
      createGateways(owner.token, { imeis: `${own}\n${shared}`, type: 1 }),
      createGateways(other.token, { imeis: `${mine}\n${shared}`, type: 1 }),
    ]);
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes[0]).toBe(0);
    expect([10002, 20000]).toContain(codes[1]);
    const loser = answers.find((a) => a.body.code !== 0)!;
    expect((loser.body as unknown as { msg_key: string }).msg_key).toMatch(/^ota\.(imeiTaken|importFailed)$/);
    const stored = [
      ...(await listGateways(owner.token, `?search=${own}`)).body.data.rows,
      ...(await listGateways(other.token, `?search=${mine}`)).body.data.rows,
    ];
    expect(stored).toHaveLength(1);
  });

  it('answers 10002 naming the field for no IMEI, a bad type and another tenant’s project', async () => {
    const empty = await createGateways(owner.token, { imeis: ' \n \n', type: 1 });
    expect(empty.body.code).toBe(10002);
    expect(empty.body.msg).toMatch(/imeis/);
    const badType = await createGateways(owner.token, { imeis: nextImei(), type: 3 });
    expect(badType.body.code).toBe(10002);
    expect(badType.body.msg).toMatch(/type/);
    const foreign = await createProject(t.database, other.user.id);
    const project = await createGateways(owner.token, { imeis: nextImei(), type: 1, project_id: foreign });
    expect(project.body.code).toBe(10002);
    expect(project.body.msg).toMatch(/^body\.project_id: project \d+ does not exist/);
  });
});

describe('OTA gateway list, update, delete', () => {
  let project: number;
  let ids: number[];
  const imeis = [nextImei(), nextImei(), nextImei()];

  beforeAll(async () => {
    const u = await createOtaUser(t);
    owner = u;
    project = await createProject(t.database, u.user.id);
    const first = await createGateways(u.token, {
      imeis: `${imeis[0]}\n${imeis[1]}`,
      type: 1,
      model: 'DTU-7',
      project_id: project,
    });
    const second = await createGateways(u.token, {
      imeis: imeis[2],
      type: 2,
      model: 'SG-1',
      remark: 'pump hall',
    });
    ids = [...first.body.data.created, ...second.body.data.created].map((g) => g.id);
  });

  it('searches IMEI, ICCID, model and remark and filters type, model, project, firmware', async () => {
    const tok = owner.token;
    expect((await listGateways(tok)).body.data.total).toBe(3);
    expect(
      (await listGateways(tok, `?search=${imeis[1]!.slice(-6)}`)).body.data.rows.map((r) => r.imei),
    ).toEqual([imeis[1]]);
    expect((await listGateways(tok, '?search=PUMP')).body.data.rows.map((r) => r.id)).toEqual([ids[2]]);
    expect((await listGateways(tok, '?search=dtu')).body.data.total).toBe(2);
    expect((await listGateways(tok, '?type=2')).body.data.rows.map((r) => r.id)).toEqual([ids[2]]);
    expect((await listGateways(tok, '?model=DTU-7')).body.data.total).toBe(2);
    expect((await listGateways(tok, `?project_id=${project}`)).body.data.total).toBe(2);
    expect((await listGateways(tok, '?firmware_version=1.0.0')).body.data.total).toBe(0);
    expect((await listGateways(tok, '?firmware_version=')).body.data.total).toBe(3);
    const page = await listGateways(tok, '?page=2&limit=10');
    expect(page.body.data).toEqual({ rows: [], total: 3 });
    expect((await listGateways(tok, '?limit=7')).body.code).toBe(10002);
    expect((await listGateways(tok, '?type=5')).body.code).toBe(10002);
  });

  it('updates the fields (not the IMEI) and deletes', async () => {
    const iccid = nextIccid();
    const res = await call<OtaGatewayRow>(t.app, 'PUT', `/ota/gateways/${ids[0]}`, {
      token: owner.token,
      body: {
        iccid: iccid.toLowerCase(),
        model: 'DTU-8',
        point_limit: 200,
        project_id: null,
        server_address: 'mqtt.example.com:1883',
      },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ iccid, model: 'DTU-8', point_limit: 200, project_id: null });
    expect((await listGateways(owner.token, `?search=${iccid.slice(-8)}`)).body.data.total).toBe(1);
    const imei = await call(t.app, 'PUT', `/ota/gateways/${ids[0]}`, {
      token: owner.token,
      body: { imei: nextImei() },
    });
    expect(imei.body.code).toBe(10002);
    const badIccid = await call(t.app, 'PUT', `/ota/gateways/${ids[0]}`, {
      token: owner.token,
      body: { iccid: '8986-1' },
    });
    expect(badIccid.body.code).toBe(10002);
    expect(badIccid.body.msg).toMatch(/iccid/);
    const del = await call(t.app, 'DELETE', `/ota/gateways/${ids[2]}`, { token: owner.token });
    expect(del.body.code).toBe(0);
    expect((await call(t.app, 'GET', `/ota/gateways/${ids[2]}`, { token: owner.token })).status).toBe(404);
  });
});

describe('tenant scope, sub-accounts and assign', () => {
  it('hides another tenant’s gateways (404) and lets a sub-account work in its parent’s data', async () => {
    const parent = await createOtaUser(t);
    const sub = await createOtaUser(t, { parentId: parent.user.id, isSubuser: true });
    const made = await createGateways(sub.token, { imeis: nextImei(), type: 1 });
    expect(made.body.code).toBe(0);
    const gw = made.body.data.created[0]!;
    expect(gw.owner_user_id).toBe(parent.user.id);
    expect((await listGateways(parent.token)).body.data.rows.map((r) => r.id)).toEqual([gw.id]);
    const stranger = await createOtaUser(t);
    expect((await listGateways(stranger.token)).body.data.total).toBe(0);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { remark: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t.app, method, `/ota/gateways/${gw.id}`, { token: stranger.token, body });
      expect(res.status).toBe(404);
    }
    const assign = await call(t.app, 'POST', `/ota/gateways/${gw.id}/assign`, {
      token: stranger.token,
      body: { user_id: stranger.user.id },
    });
    expect(assign.status).toBe(404);
  });

  it('assigns to an account below the caller, which then sees it; never outside the subtree', async () => {
    const dealer = await createOtaUser(t);
    const customer = await createOtaUser(t, { parentId: dealer.user.id });
    const sub = await createOtaUser(t, { parentId: dealer.user.id, isSubuser: true });
    const stranger = await createOtaUser(t);
    const project = await createProject(t.database, dealer.user.id);
    const made = await createGateways(dealer.token, { imeis: nextImei(), type: 2, project_id: project });
    const id = made.body.data.created[0]!.id;
    for (const user_id of [stranger.user.id, sub.user.id, 999_999]) {
      const res = await call(t.app, 'POST', `/ota/gateways/${id}/assign`, {
        token: dealer.token,
        body: { user_id },
      });
      expect(res.body.code).toBe(10002);
      expect(res.body.msg).toMatch(/^body\.user_id: /);
    }
    const res = await call<OtaGatewayRow>(t.app, 'POST', `/ota/gateways/${id}/assign`, {
      token: dealer.token,
      body: { user_id: customer.user.id },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ owner_user_id: customer.user.id, project_id: null });
    expect((await listGateways(customer.token)).body.data.rows.map((r) => r.id)).toEqual([id]);
    // Still in the dealer's subtree.
    expect((await listGateways(dealer.token)).body.data.rows.map((r) => r.id)).toEqual([id]);
    // The customer cannot hand it back up.
    const up = await call(t.app, 'POST', `/ota/gateways/${id}/assign`, {
      token: customer.token,
      body: { user_id: dealer.user.id },
    });
    expect(up.body.code).toBe(10002);
  });
});

describe('SIM cards', () => {
  it('creates, links to a gateway by ICCID, shows the status with the gateway, updates, deletes', async () => {
    const u = await createOtaUser(t);
    const iccid = nextIccid();
    const sim = await call<OtaSimRow>(t.app, 'POST', '/ota/sims', {
      token: u.token,
      body: {
        iccid,
        carrier: 'china-unicom',
        data_used: 5_000_000_000,
        data_limit: 10_000_000_000,
        expires_on: '2027-06-30',
      },
    });
    expect(sim.body.code).toBe(0);
    expect(sim.body.data).toMatchObject({
      iccid,
      carrier: 'china-unicom',
      status: 'active',
      data_used: 5_000_000_000,
      data_limit: 10_000_000_000,
      expires_on: '2027-06-30',
      gateway_imeis: [],
    });
    const imei = nextImei();
    const gw = (await createGateways(u.token, { imeis: imei, type: 1 })).body.data.created[0]!;
    await call(t.app, 'PUT', `/ota/gateways/${gw.id}`, { token: u.token, body: { iccid } });
    const got = await call<OtaGatewayRow>(t.app, 'GET', `/ota/gateways/${gw.id}`, { token: u.token });
    expect(got.body.data.sim_status).toBe('active');
    const upd = await call<OtaSimRow>(t.app, 'PUT', `/ota/sims/${sim.body.data.id}`, {
      token: u.token,
      body: { status: 'suspended', remark: 'unpaid' },
    });
    expect(upd.body.data).toMatchObject({ status: 'suspended', remark: 'unpaid', gateway_imeis: [imei] });
    expect((await listGateways(u.token)).body.data.rows[0]!.sim_status).toBe('suspended');
    const list = await call<ListResult<OtaSimRow>>(t.app, 'GET', '/ota/sims?status=suspended&search=UNPAID', {
      token: u.token,
    });
    expect(list.body.data.rows.map((r) => r.iccid)).toEqual([iccid]);
    expect(
      (await call<ListResult<OtaSimRow>>(t.app, 'GET', '/ota/sims?carrier=china-mobile', { token: u.token }))
        .body.data.total,
    ).toBe(0);
    // Taken ICCID: 20000 with a message key.
    const again = await call(t.app, 'POST', '/ota/sims', { token: other.token, body: { iccid } });
    expect(again.body.code).toBe(20000);
    expect(again.body.msg).toBe(`ICCID ${iccid} is already registered`);
    expect((again.body as unknown as { msg_key: string }).msg_key).toBe('ota.iccidTaken');
    // Another tenant: 404, and its SIM status is not shown on a gateway with the same ICCID.
    expect((await call(t.app, 'GET', `/ota/sims/${sim.body.data.id}`, { token: other.token })).status).toBe(
      404,
    );
    const mine = (await createGateways(other.token, { imeis: nextImei(), type: 1 })).body.data.created[0]!;
    const linked = await call<OtaGatewayRow>(t.app, 'PUT', `/ota/gateways/${mine.id}`, {
      token: other.token,
      body: { iccid },
    });
    expect(linked.body.data.sim_status).toBeNull();
    const bad = await call(t.app, 'POST', '/ota/sims', {
      token: u.token,
      body: { iccid: nextIccid(), carrier: 'att' },
    });
    expect(bad.body.code).toBe(10002);
    expect(bad.body.msg).toMatch(/carrier/);
    expect((await call(t.app, 'DELETE', `/ota/sims/${sim.body.data.id}`, { token: u.token })).body.code).toBe(
      0,
    );
    expect(
      (await call<OtaGatewayRow>(t.app, 'GET', `/ota/gateways/${gw.id}`, { token: u.token })).body.data
        .sim_status,
    ).toBeNull();
  });

  it('imports a JSON list all or nothing', async () => {
    const u = await createOtaUser(t);
    const [a, b, c] = [nextIccid(), nextIccid(), nextIccid()];
    const taken = nextIccid();
    await call(t.app, 'POST', '/ota/sims', { token: other.token, body: { iccid: taken } });
    const bad = await call<{ failed: OtaLineFailure[] }>(t.app, 'POST', '/ota/sims/import', {
      token: u.token,
      body: { sims: [{ iccid: a }, { iccid: a }, { iccid: taken }] },
    });
    expect(bad.body.code).toBe(10002);
    expect(bad.body.data.failed.map((f) => [f.row, f.reason_key])).toEqual([
      [2, 'ota.duplicateIccid'],
      [3, 'ota.iccidTaken'],
    ]);
    const malformed = await call(t.app, 'POST', '/ota/sims/import', {
      token: u.token,
      body: { sims: [{ iccid: a }, { iccid: '12' }] },
    });
    expect(malformed.body.code).toBe(10002);
    expect(malformed.body.msg).toMatch(/sims\.1\.iccid/);
    const ok = await call<{ created: number }>(t.app, 'POST', '/ota/sims/import', {
      token: u.token,
      body: {
        sims: [{ iccid: a }, { iccid: b, carrier: 'china-mobile' }, { iccid: c, status: 'deactivated' }],
      },
    });
    expect(ok.body).toMatchObject({ code: 0, data: { created: 3 } });
    const list = await call<ListResult<OtaSimRow>>(t.app, 'GET', '/ota/sims', { token: u.token });
    expect(list.body.data.total).toBe(3);
  });
});

describe('permissions', () => {
  it('reads with ota.Device/index or ota.Sim/index, writes only with OtaManager', async () => {
    const gwReader = await createOtaUser(t, { permissions: OTA_GATEWAY_READ });
    const simReader = await createOtaUser(t, { permissions: OTA_SIM_READ });
    const none = await createOtaUser(t, { permissions: ['DeviceManage'] });
    expect((await listGateways(gwReader.token)).body.code).toBe(0);
    expect((await call(t.app, 'GET', '/ota/sims', { token: gwReader.token })).status).toBe(403);
    expect((await call(t.app, 'GET', '/ota/sims', { token: simReader.token })).body.code).toBe(0);
    expect((await listGateways(simReader.token)).status).toBe(403);
    expect((await listGateways(none.token)).status).toBe(403);
    for (const token of [gwReader.token, simReader.token]) {
      expect((await createGateways(token, { imeis: nextImei(), type: 1 })).status).toBe(403);
      expect((await call(t.app, 'POST', '/ota/sims', { token, body: { iccid: nextIccid() } })).status).toBe(
        403,
      );
    }
  });
});
