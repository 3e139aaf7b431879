import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { insertTestPoint } from '../../pipeline/pipeline.fixtures.js';
import { createRedisBus } from '../../platform/bus/redis-bus.js';
import { createRuntime, type DeviceRuntime } from '../../platform/runtime.js';
import { createDevice, createDeviceUser } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { connectLive, type LiveTestClient, roundTrip } from './live.test-support.js';

/**
 * Two instances on one database and one Redis: a reading ingested on A reaches a browser on B.
 * The bus gets a prefix of its own so other test files sharing the Redis cannot interfere.
 */
const redisUrl = process.env.TEST_REDIS_URL;
let t: TestApp;
const apps: FastifyInstance[] = [];
const runtimes: DeviceRuntime[] = [];
let client: LiveTestClient | undefined;

async function instance(prefix: string): Promise<{ app: FastifyInstance; runtime: DeviceRuntime }> {
  const base = await createRuntime({
    config: { REDIS_URL: undefined },
    database: t.database,
    clock: t.clock,
  });
  const bus = await createRedisBus(redisUrl!, { prefix });
  const runtime: DeviceRuntime = {
    ...base,
    bus,
    async close() {
      await base.close();
      await bus.close();
    },
  };
  const app = await buildApp({
    runtime,
    config: t.config,
    database: t.database,
    tokenKey: new TextEncoder().encode(randomBytes(32).toString('hex')),
    clock: t.clock,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  runtimes.push(runtime);
  return { app, runtime };
}

describe.skipIf(!redisUrl)('/wss scale-out over Redis', () => {
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    client?.close();
    for (const app of apps) await app.close();
    for (const runtime of runtimes) await runtime.close();
    await t?.close();
  });

  it('delivers a reading ingested on instance A to a socket on instance B', async () => {
    const prefix = `test-live-${randomUUID().slice(0, 8)}:`;
    const a = await instance(prefix);
    const b = await instance(prefix);
    const owner = await createDeviceUser({ app: b.app, database: t.database }, { userType: 2 });
    const deviceId = (await createDevice(t.database, { ownerUserId: owner.user.id })).id;
    const pointId = (await insertTestPoint(t.database, deviceId, { name: 'flow' })).id;
    client = await connectLive(b.app, owner.token);
    client.send(`SUB,0,[${deviceId}]`);
    await roundTrip(client);

    await a.runtime.pipeline.ingest([{ deviceId, pointId, ts: Date.UTC(2026, 0, 1), value: 12.5 }]);
    const ld = await client.next((e) => e.type === 'LD' && e.deviceId === deviceId);
    expect(ld.data).toEqual([
      { point_id: pointId, name: 'flow', slave_id: null, value: 12.5, at: '2026-01-01T00:00:00.000Z' },
    ]);
  });
});
