import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUS } from '../../../platform/bus/event-bus.js';
import { createDevice, createUser } from '../../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../../test-support/test-app.js';
import type { PresenceEvent } from '../../types.js';
import { eventually } from '../mqtt-test-support.js';

/** The platform as EMQX's HTTP authenticator, authorizer and event sink, called as EMQX 5 calls it. */
const SECRET = 'emqx-hook-secret-for-tests';
let t: TestApp;
let device: { id: number; imei: string; mqttPassword: string };
let other: { imei: string };
const presence: PresenceEvent[] = [];

const hook = (path: string, body: unknown, secret: string | null = SECRET) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/broker/emqx/${path}`,
    headers: secret === null ? {} : { 'x-hook-secret': secret },
    payload: body as object,
  });

describe('EMQX HTTP hooks', () => {
  beforeAll(async () => {
    t = await createTestApp({
      env: { MQTT_PROVISION: 'emqx', MQTT_URL: 'mqtt://127.0.0.1:1', EMQX_HOOK_SECRET: SECRET },
    });
    const owner = (await createUser(t.database, { userType: 2 })).id;
    device = await createDevice(t.database, { ownerUserId: owner });
    other = await createDevice(t.database, { ownerUserId: owner });
    t.runtime.bus.subscribe(BUS.presence, (event) => void presence.push(event as PresenceEvent));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses callers without the shared secret', async () => {
    const login = { clientid: device.imei, username: device.imei, password: device.mqttPassword };
    for (const secret of [null, 'wrong-secret-of-the-same-len']) {
      const res = await hook('authn', login, secret);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ result: 'deny' });
    }
    expect(
      (await hook('events', { event: 'client.connected', clientid: device.imei }, null)).statusCode,
    ).toBe(401);
  });

  it('authenticates a device by its own secret only', async () => {
    const login = {
      clientid: device.imei,
      username: device.imei,
      password: device.mqttPassword,
      peerhost: '10.0.0.9',
    };
    expect((await hook('authn', login)).json()).toEqual({ result: 'allow', is_superuser: false });
    expect((await hook('authn', { ...login, password: 'wrong' })).json()).toEqual({ result: 'deny' });
    expect((await hook('authn', { ...login, password: other.imei })).json()).toEqual({ result: 'deny' });
    expect((await hook('authn', { ...login, clientid: 'someone-else' })).json()).toEqual({ result: 'deny' });
    const unknown = {
      clientid: '869999999999999',
      username: '869999999999999',
      password: device.mqttPassword,
    };
    expect((await hook('authn', unknown)).json()).toEqual({ result: 'deny' });
    // Not a device login (e.g. the platform's own user): EMQX asks its next authenticator.
    expect((await hook('authn', { clientid: 'fleet-1', username: 'fleet', password: 'x' })).json()).toEqual({
      result: 'ignore',
    });
  });

  it('authorizes a device under its own topics only, never publishing to its down topic', async () => {
    const as = (topic: string, action: 'publish' | 'subscribe') =>
      hook('authz', { clientid: device.imei, username: device.imei, topic, action }).then((res) =>
        res.json(),
      );
    expect(await as(`d/${device.imei}/up`, 'publish')).toEqual({ result: 'allow' });
    expect(await as(`d/${device.imei}/state`, 'publish')).toEqual({ result: 'allow' });
    expect(await as(`d/${device.imei}/down`, 'subscribe')).toEqual({ result: 'allow' });
    expect(await as(`d/${device.imei}/down`, 'publish')).toEqual({ result: 'deny' });
    expect(await as(`d/${other.imei}/up`, 'publish')).toEqual({ result: 'deny' });
    expect(await as(`d/${other.imei}/down`, 'subscribe')).toEqual({ result: 'deny' });
    expect(await as('d/+/down', 'subscribe')).toEqual({ result: 'deny' });
    expect(await as('#', 'subscribe')).toEqual({ result: 'deny' });
    const unknown = {
      clientid: '869999999999999',
      username: '869999999999999',
      topic: 'd/869999999999999/up',
    };
    expect((await hook('authz', { ...unknown, action: 'publish' })).json()).toEqual({ result: 'deny' });
  });

  it('takes connected and disconnected events as presence at once', async () => {
    const event = { clientid: device.imei, username: device.imei, peername: '10.0.0.9:51234' };
    expect((await hook('events', { ...event, event: 'client.connected' })).statusCode).toBe(204);
    await eventually(() =>
      expect(presence.at(-1)).toMatchObject({ deviceId: device.id, status: 1, via: 'mqtt' }),
    );
    // A newer connection of the same device took over: it stays online.
    await hook('events', { ...event, event: 'client.disconnected', reason: 'takenover' });
    await hook('events', { ...event, event: 'client.disconnected', reason: 'keepalive_timeout' });
    await eventually(() => expect(presence.at(-1)).toMatchObject({ status: 0, reason: 'heartbeat' }));
    expect(presence.filter((e) => e.deviceId === device.id).map((e) => e.status)).toEqual([1, 0]);
  });
});
