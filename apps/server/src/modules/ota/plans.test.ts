import type { ListResult, OtaGatewayCreateResult, OtaPlanDetail, OtaPlanDeviceRow } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice, nextImei } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { uploadApplication } from './plans.fixtures.js';
import { createOtaUser } from './registry.fixtures.js';

/**
 * Plan actions and rules through the API. The gateways have MQTT logins but no broker runs here, so
 * the leader's ticks find no transport and the devices stay queued while the test acts on the plan.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOtaUser>>;
let reader: Awaited<ReturnType<typeof createOtaUser>>;
let gatewayIds: number[];
let appId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOtaUser(t);
  reader = await createOtaUser(t, {
    parentId: owner.user.id,
    isSubuser: true,
    permissions: ['ota.Plan/index'],
  });
  const imeis = [nextImei(), nextImei(), nextImei()];
  for (const imei of imeis) await createDevice(t.database, { ownerUserId: owner.user.id, imei });
  const created = await call<OtaGatewayCreateResult>(t.app, 'POST', '/ota/gateways', {
    token: owner.token,
    body: { imeis: imeis.join('\n'), type: 2, model: 'SG-1' },
  });
  gatewayIds = created.body.data.created.map((g) => g.id);
  appId = (await uploadApplication(t.app, owner.token)).body.data.id;
});
afterAll(async () => {
  await t?.close();
});

const firmwarePlan = (extra: Record<string, unknown> = {}) =>
  call<OtaPlanDetail>(t.app, 'POST', '/ota/plans', {
    token: owner.token,
    body: { name: 'Plan', type: 2, level: 0, gateway_ids: gatewayIds, application_id: appId, ...extra },
  });
const act = (id: number, action: string, token = owner.token) =>
  call<OtaPlanDetail>(t.app, 'POST', `/ota/plans/${id}/${action}`, { token });

describe('OTA plans: actions and rules', () => {
  it('pauses, resumes and aborts; an abort fails every unfinished device with `aborted`', async () => {
    const plan = (await firmwarePlan({ rollout: { group_sizes: [1, 1] } })).body.data;
    expect(plan.groups.map((g) => g.devices)).toEqual([1, 1, 1]);
    expect((await act(plan.id, 'pause')).body.data.state).toBe('paused');
    expect((await act(plan.id, 'pause')).body).toMatchObject({
      code: 20000,
      msg_key: 'ota.planStateConflict',
    });
    expect((await act(plan.id, 'resume')).body.data.state).toBe('running');
    const deleting = await call(t.app, 'DELETE', `/ota/plans/${plan.id}`, { token: owner.token });
    expect(deleting.body).toMatchObject({ code: 20000 });
    const aborted = (await act(plan.id, 'abort')).body.data;
    expect(aborted).toMatchObject({ state: 'aborted', counts: { failed: 3, queued: 0 } });
    const devices = await call<ListResult<OtaPlanDeviceRow>>(t.app, 'GET', `/ota/plans/${plan.id}/devices`, {
      token: owner.token,
    });
    expect(devices.body.data.rows.map((d) => d.reason)).toEqual(['aborted', 'aborted', 'aborted']);
    expect((await act(plan.id, 'resume')).body.code).toBe(20000);
    expect((await call(t.app, 'DELETE', `/ota/plans/${plan.id}`, { token: owner.token })).body.code).toBe(0);
  });

  it('an abort during an unsent notice has the last word (the notice does not requeue its device)', async () => {
    const plan = (await firmwarePlan({ rollout: { group_sizes: [3] } })).body.data;
    // A broker that fails only after the abort has committed: the tick then puts back what it could
    // not send, and must leave the aborted devices alone.
    let release!: () => void;
    const aborted = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.runtime.ota.setTransport(async () => {
      await aborted;
      throw new Error('broker gone');
    });
    try {
      const ticking = t.app.otaRollout.advance(plan.id);
      const notified = async () =>
        (await call<OtaPlanDetail>(t.app, 'GET', `/ota/plans/${plan.id}`, { token: owner.token })).body.data
          .counts.notified;
      await expect.poll(notified).toBe(3);
      const done = (await act(plan.id, 'abort')).body.data;
      expect(done.counts).toMatchObject({ failed: 3, notified: 0 });
      release();
      await ticking;
    } finally {
      t.runtime.ota.setTransport(null);
    }
    const devices = await call<ListResult<OtaPlanDeviceRow>>(t.app, 'GET', `/ota/plans/${plan.id}/devices`, {
      token: owner.token,
    });
    expect(devices.body.data.rows.map((d) => [d.state, d.reason])).toEqual([
      ['failed', 'aborted'],
      ['failed', 'aborted'],
      ['failed', 'aborted'],
    ]);
  });

  it('level 1 takes every gateway in the caller’s data and shows no count', async () => {
    const plan = (await firmwarePlan({ level: 1, gateway_ids: [] })).body.data;
    expect(plan).toMatchObject({ plan_control_all: 1, plan_control_count: null, devices: 3 });
    await act(plan.id, 'abort');
  });

  it('refuses a firmware plan without an application and a parameter document breaking a SPEC 5 rule', async () => {
    const noApp = await firmwarePlan({ application_id: null });
    expect(noApp.body.msg).toMatch(/^body\.application_id/);
    const badParams = await call(t.app, 'POST', '/ota/plans', {
      token: owner.token,
      body: {
        name: 'P',
        type: 1,
        level: 0,
        gateway_ids: gatewayIds,
        params: { param_version: 2, uart_read_ms: 5 },
      },
    });
    expect(badParams.status).toBe(400);
    expect(badParams.body.msg).toMatch(/^body\.params/);
  });

  it('lets a reader see plans but not create or act on them', async () => {
    const plan = (await firmwarePlan()).body.data;
    const seen = await call<OtaPlanDetail>(t.app, 'GET', `/ota/plans/${plan.id}`, { token: reader.token });
    expect(seen.body.data.id).toBe(plan.id);
    expect((await act(plan.id, 'abort', reader.token)).status).toBe(403);
    const created = await call(t.app, 'POST', '/ota/plans', { token: reader.token, body: {} });
    expect(created.status).toBe(403);
    await act(plan.id, 'abort');
  });
});
