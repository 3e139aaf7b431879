import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/database.js';
import type { Database } from '../db/client.js';
import { createJobQueueRepository } from './job-queue.repository.js';
import { createSchedules, nextRunAt } from './schedules.js';
import { createSchedulesRepository } from './schedules.repository.js';

describe('nextRunAt', () => {
  it('keeps 08:00 wall-clock time in Europe/Berlin across both DST changes', () => {
    const cron = '0 8 * * *';
    const tz = 'Europe/Berlin';
    // Spring forward on 2026-03-29: 08:00 is UTC+1 the day before and UTC+2 that day.
    expect(nextRunAt(cron, tz, new Date('2026-03-28T06:00:00Z'))?.toISOString()).toBe(
      '2026-03-28T07:00:00.000Z',
    );
    expect(nextRunAt(cron, tz, new Date('2026-03-28T07:00:00Z'))?.toISOString()).toBe(
      '2026-03-29T06:00:00.000Z',
    );
    // Fall back on 2026-10-25.
    expect(nextRunAt(cron, tz, new Date('2026-10-24T06:00:00Z'))?.toISOString()).toBe(
      '2026-10-25T07:00:00.000Z',
    );
  });

  it('runs a 02:30 schedule once on the night its hour is skipped or repeated (America/New_York)', () => {
    const cron = '30 2 * * *';
    const tz = 'America/New_York';
    const spring = nextRunAt(cron, tz, new Date('2026-03-08T05:00:00Z'));
    // 02:30 does not exist on 2026-03-08: one run that night, never a skipped day.
    expect(spring!.getTime()).toBeLessThan(new Date('2026-03-09T00:00:00Z').getTime());
    const fall = nextRunAt(cron, tz, new Date('2026-11-01T05:00:00Z'));
    expect(fall?.toISOString()).toBe('2026-11-01T07:30:00.000Z');
    expect(nextRunAt(cron, tz, fall!)!.toISOString()).toBe('2026-11-02T07:30:00.000Z');
  });
});

describe('schedule rows', () => {
  let dataDir: string;
  let database: Database;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-schedules-'));
    database = await createTestDatabase(dataDir);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('turns a due schedule into one job and moves it to its next run in the zone', async () => {
    const schedules = createSchedules(database);
    const repo = createSchedulesRepository(database.db);
    const put = await schedules.put(
      { name: 'test:daily', kind: 't.daily', cron: '0 8 * * *', tz: 'Asia/Shanghai', payload: { a: 1 } },
      new Date('2026-06-01T01:00:00Z'),
    );
    expect(put?.toISOString()).toBe('2026-06-02T00:00:00.000Z');
    expect(await schedules.queueDue(new Date('2026-06-01T23:59:59Z'))).toBe(0);
    // Two leaders' ticks at once (a hand-over) still queue it once.
    const at = new Date('2026-06-02T00:00:05Z');
    const counts = await Promise.all([schedules.queueDue(at), schedules.queueDue(at)]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await repo.byName('test:daily')).toMatchObject({
      lastRunAt: at,
      nextRunAt: new Date('2026-06-03T00:00:00Z'),
    });
    const claimed = await createJobQueueRepository(database.db).claim(['t.daily'], 'x', at, at, 10);
    expect(claimed).toMatchObject([{ kind: 't.daily', payload: { a: 1 } }]);
  });

  it('leaves disabled schedules alone', async () => {
    const schedules = createSchedules(database);
    await schedules.put(
      { name: 'test:off', kind: 't.off', cron: '* * * * *', tz: 'UTC', enabled: false },
      new Date('2026-06-01T00:00:00Z'),
    );
    await schedules.queueDue(new Date('2026-06-05T00:00:00Z'));
    expect(await createSchedulesRepository(database.db).byName('test:off')).toMatchObject({
      lastRunAt: null,
    });
  });
});
