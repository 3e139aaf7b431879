import { randomInt, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedisCommandRouter, holderKey, requestChannel } from './redis-router.js';
import { recordingLink, testPoint } from './test-links.js';
import type { CommandRouter, PointWrite } from './types.js';

const url = process.env.TEST_REDIS_URL;
const routers: CommandRouter[] = [];
const clients: Redis[] = [];

afterEach(async () => {
  await Promise.all(routers.splice(0).map((router) => router.close()));
  await Promise.all(clients.splice(0).map((client) => client.quit()));
});

async function router(
  timeoutMs = 10_000,
  instanceId = randomUUID(),
  onError?: () => void,
  prefix?: string,
): Promise<CommandRouter> {
  const created = await createRedisCommandRouter({
    url: url as string,
    instanceId,
    timeoutMs,
    onError,
    prefix,
  });
  routers.push(created);
  return created;
}

function client(): Redis {
  const created = new Redis(url as string);
  clients.push(created);
  return created;
}

// Random ids: the PGlite and PostgreSQL runs of the suite may share one Redis.
const deviceId = () => randomInt(1_000_000, 2_000_000_000);
const writeTo = (id: number, value: PointWrite['value'] = 12.5): PointWrite => ({
  commandId: 99,
  deviceId: id,
  point: testPoint(id, { dataType: 'float32' }),
  value,
});

describe('redis command router', () => {
  it.skipIf(!url)('forwards a write to the instance holding the link and returns its outcome', async () => {
    const [a, b] = [await router(), await router()];
    const id = deviceId();
    const link = recordingLink({ status: 'fail', error: 'illegal data value' });
    a.attach(id, link);
    await expect.poll(() => client().get(holderKey(id))).not.toBeNull();

    expect(await b.write(writeTo(id, 12.5))).toEqual({ status: 'fail', error: 'illegal data value' });
    expect(link.writes).toEqual([writeTo(id, 12.5)]);
    expect(await b.refresh(id)).toBe(true);
    // The holder itself calls its link directly.
    expect(await a.write(writeTo(id, true))).toEqual({ status: 'fail', error: 'illegal data value' });
    expect(link.writes.at(-1)?.value).toBe(true);
  });

  it.skipIf(!url)('keeps two deployments on one Redis apart by their prefix (REDIS_PREFIX)', async () => {
    const [mine, theirs] = [`test-${randomUUID()}:`, `test-${randomUUID()}:`];
    const a = await router(10_000, randomUUID(), undefined, mine);
    const b = await router(10_000, randomUUID(), undefined, mine);
    const other = await router(10_000, randomUUID(), undefined, theirs);
    // The same device id exists in both deployments (each has its own database).
    const id = deviceId();
    const link = recordingLink({ status: 'resp' });
    a.attach(id, link);
    await expect.poll(() => client().get(holderKey(id, mine))).not.toBeNull();
    expect(await client().get(holderKey(id))).toBeNull();
    expect(await other.write(writeTo(id))).toEqual({ status: 'networkError', error: 'device offline' });
    expect(await b.write(writeTo(id))).toEqual({ status: 'resp' });
    expect(link.writes).toHaveLength(1);
  });

  it.skipIf(!url)('answers networkError when nobody holds the device or the holder is gone', async () => {
    const [a, b] = [await router(), await router()];
    const id = deviceId();
    expect(await b.write(writeTo(id))).toEqual({ status: 'networkError', error: 'device offline' });
    expect(await b.refresh(id)).toBe(false);

    const detach = a.attach(id, recordingLink({ status: 'resp' }));
    await expect.poll(() => client().get(holderKey(id))).not.toBeNull();
    detach();
    await expect.poll(() => client().get(holderKey(id))).toBeNull();
    expect((await b.write(writeTo(id))).status).toBe('networkError');

    // A record left by a crashed instance: nobody listens on its channel.
    await client().set(holderKey(id), randomUUID(), 'PX', 60_000);
    expect(await b.write(writeTo(id))).toEqual({ status: 'networkError', error: 'device offline' });
    expect(await b.refresh(id)).toBe(false);
  });

  it.skipIf(!url)('answers networkError when the holder does not answer in time', async () => {
    const b = await router(200);
    const id = deviceId();
    const silent = randomUUID();
    const listener = client();
    await listener.subscribe(requestChannel(silent)); // receives the request, never replies
    await client().set(holderKey(id), silent, 'PX', 60_000);
    expect(await b.write(writeTo(id))).toEqual({
      status: 'networkError',
      error: 'no answer from the instance holding the connection',
    });
  });

  it.skipIf(!url)('keeps the record of a newer connection and ignores malformed requests', async () => {
    const aId = randomUUID();
    let errors = 0;
    const [a, b] = [await router(10_000, aId, () => errors++), await router()];
    const id = deviceId();
    const detachOnA = a.attach(id, recordingLink({ status: 'error', error: 'old link' }));
    await expect.poll(() => client().get(holderKey(id))).not.toBeNull();
    b.attach(id, recordingLink({ status: 'resp' }));
    expect(await a.write(writeTo(id))).toEqual({ status: 'error', error: 'old link' }); // A still uses its own
    detachOnA(); // the stale connection on A closes after the device reconnected to B
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await client().get(holderKey(id))).not.toBeNull();
    expect(await a.write(writeTo(id))).toEqual({ status: 'resp' });

    // Garbage on an instance's request channel is reported and dropped; the router keeps working.
    await client().publish(requestChannel(aId), 'not json');
    await client().publish(requestChannel(aId), JSON.stringify({ id: 'x', replyTo: 'y', op: 'write' }));
    await expect.poll(() => errors).toBe(2);
    expect(await a.write(writeTo(id))).toEqual({ status: 'resp' });
  });
});
