import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBus } from '../platform/bus/event-bus.js';
import { createDevice, createUser } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { createDeviceDirectory } from './directory.js';
import { insertTestPoint } from './pipeline.fixtures.js';
import { createPipeline } from './pipeline.js';
import type { Reading } from './types.js';

// Two pipelines on one database stand for two instances ingesting the same points (DESIGN 2).
let t: TestApp;
let deviceId: number;
const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t.database, { userType: 2 });
  deviceId = (await createDevice(t.database, { ownerUserId: owner.id })).id;
});
afterAll(async () => {
  await t?.close();
});

function instance() {
  const bus = createLocalBus();
  const directory = createDeviceDirectory(t.database.db, bus);
  return createPipeline({ database: t.database, directory, bus, clock: () => new Date(T0) });
}

const at = (pointId: number, seconds: number, value: Reading['value']): Reading => ({
  deviceId,
  pointId,
  ts: T0 + seconds * 1000,
  value,
});

async function history(pointId: number) {
  const result = (await t.database.db.execute(
    sql`select (extract(epoch from ts) * 1000)::float8 as ts, value, text from point_history
        where point_id = ${pointId} order by ts`,
  )) as unknown as { rows: { ts: number; value: number | null; text: string | null }[] };
  return result.rows.map((r) => ({ s: (Number(r.ts) - T0) / 1000, value: r.text ?? r.value }));
}

describe('storage decision shared between instances', () => {
  it('on change: compares with the last stored value, whichever instance stored it', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 2, tolerance: 0.5 });
    const text = await insertTestPoint(t.database, deviceId, { storageMode: 2, dataType: 'string' });
    const a = instance();
    const b = instance();
    await a.ingest([at(point.id, 0, 10), at(text.id, 0, 'on')]);
    await b.ingest([at(point.id, 1, 20), at(text.id, 1, 'off')]);
    // a last stored 10 / 'on' itself, but b stored 20 / 'off' since: these are changes again.
    await a.ingest([at(point.id, 2, 10), at(text.id, 2, 'on')]);
    await b.ingest([at(point.id, 3, 10.25), at(text.id, 3, 'on')]);
    expect(await history(point.id)).toEqual([
      { s: 0, value: 10 },
      { s: 1, value: 20 },
      { s: 2, value: 10 },
    ]);
    expect(await history(text.id)).toEqual([
      { s: 0, value: 'on' },
      { s: 1, value: 'off' },
      { s: 2, value: 'on' },
    ]);
    await a.close();
    await b.close();
  });

  it('timed: one reading per interval across both instances', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 1, storageIntervalS: 10 });
    const a = instance();
    const b = instance();
    for (const [pipeline, s] of [
      [a, 0],
      [b, 4],
      [a, 8],
      [b, 10],
      [a, 12],
      [b, 19],
      [a, 20],
    ] as const) {
      await pipeline.ingest([at(point.id, s, s)]);
    }
    expect(await history(point.id)).toEqual([
      { s: 0, value: 0 },
      { s: 10, value: 10 },
      { s: 20, value: 20 },
    ]);
    await a.close();
    await b.close();
  });

  it('two instances ingesting the same point at once store a change once', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 2, tolerance: 1 });
    const a = instance();
    const b = instance();
    await a.ingest([at(point.id, 0, 0)]);
    await Promise.all([a.ingest([at(point.id, 1, 5)]), b.ingest([at(point.id, 2, 5.5)])]);
    // Whichever committed first stored its change; the other planned on it and found no change.
    expect((await history(point.id)).length).toBe(2);
    await a.close();
    await b.close();
  });
});
