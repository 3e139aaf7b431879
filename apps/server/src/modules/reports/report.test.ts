import type { DataReportAnswer, DataReportRow, ReportPoint } from '@fleet/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPoint } from '../../pipeline/pipeline.fixtures.js';
import { call, createDevice } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createAlarmUser } from '../alarms/alarms.fixtures.js';
import { devices } from '../devices/devices.table.js';
import { deviceGroups } from '../groups/groups.table.js';
import { periodsBetween } from './periods.js';
import { insertReadings, type Reading, referenceStats, rollUp, seeded } from './reports.fixtures.js';

let t: TestApp;
let token: string;
let ownerId: number;
let otherToken: string;
let deviceA: number;
let deviceB: number;
let otherDevice: number;
let groupId: number;
let otherGroupId: number;
/** Gauge and counter of device A, with the readings they hold. */
let gauge: number;
let counter: number;
const gaugeReadings: Reading[] = [];
const counterReadings: Reading[] = [];

const DAY = 86_400_000;
/** Three days with readings, then an empty day, then a fourth day with readings (UTC 2026-06-01 ..). */
const DAYS = [0, 1, 2, 4].map((d) => Date.parse('2026-06-01T00:00:00Z') + d * DAY);
/** The rollups cover everything before this instant; later readings are the raw tail. */
const WATERMARK = new Date('2026-06-05T10:07:00Z');

function report(query: Record<string, string | number>, as = token) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return call<DataReportAnswer>(t.app, 'GET', `/dataCenter/dataReportV2?${qs}`, { token: as });
}

async function allRows(query: Record<string, string | number>): Promise<DataReportRow[]> {
  const res = await report({ ...query, limit: 2000 });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data.rows;
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createAlarmUser(t, ['DataReportV2']);
  token = owner.token;
  ownerId = owner.user.id;
  const other = await createAlarmUser(t, ['DataReportV2']);
  otherToken = other.token;
  deviceA = (await createDevice(t.database, { ownerUserId: ownerId, title: 'A boiler' })).id;
  deviceB = (await createDevice(t.database, { ownerUserId: ownerId, title: 'B pump' })).id;
  otherDevice = (await createDevice(t.database, { ownerUserId: other.user.id, title: 'Other' })).id;
  const [g] = await t.database.db
    .insert(deviceGroups)
    .values({ ownerUserId: ownerId, name: 'plant' })
    .returning({ id: deviceGroups.id });
  groupId = g!.id;
  const [og] = await t.database.db
    .insert(deviceGroups)
    .values({ ownerUserId: other.user.id, name: 'theirs' })
    .returning({ id: deviceGroups.id });
  otherGroupId = og!.id;
  await t.database.db.update(devices).set({ groupId }).where(eq(devices.id, deviceA));
  await t.database.db.update(devices).set({ groupId }).where(eq(devices.id, deviceB));
  // Another tenant's device in our group id must stay invisible.
  await t.database.db.update(devices).set({ groupId }).where(eq(devices.id, otherDevice));

  gauge = (
    await insertTestPoint(t.database, deviceA, { name: 'temp', title: 'Temperature', unit: '°C', sort: 1 })
  ).id;
  counter = (
    await insertTestPoint(t.database, deviceA, { name: 'energy', title: 'Energy', unit: 'kWh', sort: 2 })
  ).id;
  await insertTestPoint(t.database, deviceA, { name: 'label', dataType: 'string', sort: 3 });
  await insertTestPoint(t.database, deviceA, { name: 'nostore', storageMode: 0, sort: 4 });
  await insertTestPoint(t.database, deviceB, { name: 'temp', title: 'Temperature', unit: '°C', sort: 1 });
  await insertTestPoint(t.database, otherDevice, { name: 'temp', sort: 1 });

  // Readings every ~7 minutes with jitter; the counter grows and resets once (day 2, 13:00).
  const random = seeded(42);
  let total = 1000;
  for (const day of DAYS) {
    for (let ms = day + 60_000; ms < day + DAY; ms += 300_000 + Math.floor(random() * 240_000)) {
      gaugeReadings.push({ ts: new Date(ms), value: Math.round((20 + random() * 60) * 100) / 100 });
      total = ms > DAYS[1]! + 13 * 3_600_000 && total > 900 && ms < DAYS[1]! + 14 * 3_600_000 ? 3 : total;
      total += Math.round(random() * 500) / 100;
      counterReadings.push({ ts: new Date(ms), value: total });
    }
  }
  // A reading before the first day: the first day's difference starts from it.
  counterReadings.push({ ts: new Date(DAYS[0]! - 3_600_000), value: 990 });
  await insertReadings(t.database, gauge, gaugeReadings);
  await insertReadings(t.database, counter, counterReadings);
  await rollUp(t.database, WATERMARK);
});

afterAll(async () => {
  await t?.close();
});

function expectMatchesReference(rows: DataReportRow[], pointId: number, readings: Reading[]) {
  const mine = rows.filter((r) => r.point_id === pointId);
  expect(mine.length).toBeGreaterThan(0);
  for (const row of mine) {
    const ref = referenceStats(readings, new Date(row.period_start), new Date(row.period_end));
    expect(row.count, row.period).toBe(ref.count);
    for (const key of ['min', 'max', 'first', 'last'] as const)
      expect(row[key], `${row.period} ${key}`).toBe(ref[key]);
    for (const key of ['avg', 'difference'] as const) {
      if (ref[key] === null) expect(row[key]).toBeNull();
      else expect(row[key], `${row.period} ${key}`).toBeCloseTo(ref[key], 6);
    }
  }
}

describe('GET /dataCenter/dataReportV2', () => {
  it.each(['UTC', 'Asia/Shanghai', 'Asia/Kolkata', 'Europe/Berlin'])(
    'matches a reference computed from the raw readings (days of %s)',
    async (tz) => {
      const rows = await allRows({
        device_id: deviceA,
        period: 'day',
        starttime: '2026-05-31T12:00:00Z',
        endtime: '2026-06-06T12:00:00Z',
        tz,
      });
      const expected = periodsBetween(
        'day',
        new Date('2026-05-31T12:00:00Z'),
        new Date('2026-06-06T12:00:00Z'),
        tz,
        400,
      )!;
      expect(rows.length).toBe(expected.length * 2); // gauge and counter; the string and unstored points are left out
      expect(rows.map((r) => r.period)).toEqual(expected.flatMap((p) => [p.label, p.label]));
      expect(rows.slice(0, 2).map((r) => r.point_name)).toEqual(['temp', 'energy']);
      expectMatchesReference(rows, gauge, gaugeReadings);
      expectMatchesReference(rows, counter, counterReadings);
    },
  );

  it('reports weeks and months like the reference, and empty periods as rows with count 0', async () => {
    for (const period of ['week', 'month'] as const) {
      const rows = await allRows({
        device_id: deviceA,
        period,
        starttime: '2026-05-20T00:00:00Z',
        endtime: '2026-07-10T00:00:00Z',
        tz: 'Europe/Berlin',
      });
      expectMatchesReference(rows, gauge, gaugeReadings);
      expectMatchesReference(rows, counter, counterReadings);
    }
    const days = await allRows({
      device_id: deviceA,
      period: 'day',
      starttime: '2026-06-04T00:00:00Z',
      endtime: '2026-06-05T00:00:00Z',
    });
    expect(days).toHaveLength(2);
    for (const row of days)
      expect(row).toMatchObject({
        period: '2026-06-04',
        count: 0,
        min: null,
        max: null,
        avg: null,
        first: null,
        last: null,
        difference: null,
      });
  });

  it('reads whole buckets from the rollups and the raw tail after the watermark', async () => {
    const query = {
      device_id: deviceA,
      point_names: 'temp',
      starttime: '2026-06-05T00:00:00Z',
      endtime: '2026-06-06T00:00:00Z',
    };
    const [before] = await allRows(query);
    const dayReadings = gaugeReadings.filter((r) => r.ts >= new Date('2026-06-05T00:00:00Z'));
    expect(dayReadings.some((r) => r.ts > WATERMARK)).toBe(true);
    expect(before!.count).toBe(dayReadings.length);
    expect(before!.last).toBe(dayReadings.at(-1)!.value);
    // Prove the rollups are read: a bucket before the watermark changed behind the report's back shows.
    await t.database.db.execute(
      sql`update point_rollup_15m set max = 999 where point_id = ${gauge} and bucket = '2026-06-05T03:00:00Z'`,
    );
    const [after] = await allRows(query);
    expect(after!.max).toBe(999);
    await rollUp(t.database, WATERMARK);
  });

  it('counts a counter reset as the new reading (100, 110, 5, 15 -> 25) from the reading before', async () => {
    const point = (await insertTestPoint(t.database, deviceB, { name: 'meter', sort: 5 })).id;
    const at = (h: number) => new Date(Date.parse('2026-07-02T00:00:00Z') + h * 3_600_000);
    await insertReadings(t.database, point, [
      { ts: at(1), value: 100 },
      { ts: at(2), value: 110 },
      { ts: at(3), value: 5 },
      { ts: at(4), value: 15 },
      { ts: at(25), value: 20 },
      { ts: at(26), value: 2 },
    ]);
    await rollUp(t.database, at(3.5)); // the reset is inside the rollups, the rest raw
    const rows = await allRows({
      device_id: deviceB,
      point_names: 'meter',
      starttime: '2026-07-02T00:00:00Z',
      endtime: '2026-07-04T00:00:00Z',
    });
    expect(rows.map((r) => [r.period, r.count, r.first, r.last, r.difference])).toEqual([
      ['2026-07-02', 4, 100, 15, 25],
      ['2026-07-03', 2, 20, 2, 5 + 2],
    ]);
    await rollUp(t.database, WATERMARK);
  });

  it('cuts days at local midnight: 23:59 and 00:01 are two days in Shanghai, one in UTC', async () => {
    const point = (await insertTestPoint(t.database, deviceB, { name: 'edge', sort: 6 })).id;
    await insertReadings(t.database, point, [
      { ts: new Date('2026-08-10T15:59:00Z'), value: 1 }, // 23:59 Shanghai
      { ts: new Date('2026-08-10T16:01:00Z'), value: 2 }, // 00:01 Shanghai
    ]);
    const base = {
      device_id: deviceB,
      point_names: 'edge',
      starttime: '2026-08-10T00:00:00Z',
      endtime: '2026-08-11T00:00:00Z',
    };
    const shanghai = await allRows({ ...base, tz: 'Asia/Shanghai' });
    expect(shanghai.map((r) => [r.period, r.period_start, r.count])).toEqual([
      ['2026-08-10', '2026-08-09T16:00:00.000Z', 1],
      ['2026-08-11', '2026-08-10T16:00:00.000Z', 1],
    ]);
    const utc = await allRows({ ...base, tz: 'UTC' });
    expect(utc.map((r) => [r.period, r.count, r.difference])).toEqual([['2026-08-10', 2, 1]]);
    // Kolkata (+05:30): 18:29Z and 18:31Z fall on both sides of local midnight.
    await insertReadings(t.database, point, [
      { ts: new Date('2026-08-20T18:29:00Z'), value: 5 },
      { ts: new Date('2026-08-20T18:31:00Z'), value: 6 },
    ]);
    const kolkata = await allRows({
      ...base,
      starttime: '2026-08-20T12:00:00Z',
      endtime: '2026-08-20T20:00:00Z',
      tz: 'Asia/Kolkata',
    });
    expect(kolkata.map((r) => [r.period, r.period_start, r.count, r.first])).toEqual([
      ['2026-08-20', '2026-08-19T18:30:00.000Z', 1, 5],
      ['2026-08-21', '2026-08-20T18:30:00.000Z', 1, 6],
    ]);
  });

  it('has DST days of 23 and 25 hours in Berlin', async () => {
    const point = (await insertTestPoint(t.database, deviceB, { name: 'hourly', sort: 7 })).id;
    const readings: Reading[] = [];
    for (const day of ['2026-03-28T00:00:00Z', '2026-10-24T00:00:00Z'])
      for (let h = 0; h < 72; h++)
        readings.push({ ts: new Date(Date.parse(day) + h * 3_600_000 + 60_000), value: h });
    await insertReadings(t.database, point, readings);
    await rollUp(t.database, new Date('2026-12-01T00:00:00Z'));
    const rowsOf = (starttime: string) =>
      allRows({
        device_id: deviceB,
        point_names: 'hourly',
        starttime,
        endtime: new Date(Date.parse(starttime) + 1000).toISOString(),
        tz: 'Europe/Berlin',
      });
    const [spring] = await rowsOf('2026-03-29T12:00:00Z');
    expect(spring).toMatchObject({
      period: '2026-03-29',
      period_start: '2026-03-28T23:00:00.000Z',
      period_end: '2026-03-29T22:00:00.000Z',
      count: 23,
    });
    const [autumn] = await rowsOf('2026-10-25T12:00:00Z');
    expect(autumn).toMatchObject({
      period: '2026-10-25',
      period_start: '2026-10-24T22:00:00.000Z',
      count: 25,
    });
    await rollUp(t.database, WATERMARK);
  });

  it('reports a group as its visible devices; another tenant’s group or device is 404', async () => {
    const rows = await allRows({
      group_id: groupId,
      point_names: 'temp',
      starttime: '2026-06-01T00:00:00Z',
      endtime: '2026-06-02T00:00:00Z',
    });
    expect(rows.map((r) => [r.device_title, r.point_name])).toEqual([
      ['A boiler', 'temp'],
      ['B pump', 'temp'],
    ]);
    expect(rows[1]!.count).toBe(0);
    for (const q of [{ group_id: otherGroupId }, { device_id: otherDevice }] as Record<string, number>[]) {
      const res = await report({ ...q, starttime: '2026-06-01T00:00:00Z', endtime: '2026-06-02T00:00:00Z' });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(50000);
    }
  });

  it('pages over (period, device, point) and counts empty rows in total', async () => {
    const query = {
      group_id: groupId,
      point_names: 'temp,energy',
      starttime: '2026-06-01T00:00:00Z',
      endtime: '2026-06-04T00:00:00Z',
    };
    const all = await allRows(query);
    expect(all).toHaveLength(3 * 3); // 3 days x (A temp, A energy, B temp)
    const pages: DataReportRow[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await report({ ...query, page, limit: 4 });
      expect(res.body.data.total).toBe(9);
      pages.push(...res.body.data.rows);
    }
    expect(pages).toEqual(all);
  });

  it('answers 10002 beyond the period limits and for a reversed range; 10001 without DataReportV2', async () => {
    const tooLong = await report({
      device_id: deviceA,
      starttime: '2026-01-01T00:00:00Z',
      endtime: '2027-02-10T00:00:00Z',
    });
    expect(tooLong.body.code).toBe(10002);
    expect(tooLong.body.msg).toMatch(/^query\.endtime: /);
    const months = await report({
      device_id: deviceA,
      period: 'month',
      starttime: '2024-01-01T00:00:00Z',
      endtime: '2026-02-01T00:00:00Z',
    });
    expect(months.body.code).toBe(10002);
    const reversed = await report({
      device_id: deviceA,
      starttime: '2026-02-01T00:00:00Z',
      endtime: '2026-01-01T00:00:00Z',
    });
    expect(reversed.body).toMatchObject({ code: 10002, msg: expect.stringMatching(/^query\.endtime/) });
    const both = await report({ device_id: deviceA, group_id: groupId, starttime: '1', endtime: '2' });
    expect(both.body.code).toBe(10002);
    const plain = await createAlarmUser(t, ['Event']);
    const denied = await report({ device_id: deviceA, starttime: '1', endtime: '2' }, plain.token);
    expect(denied.body.code).toBe(10001);
  });
});

describe('GET /dataCenter/dataReportV2/points', () => {
  it('lists stored numeric point names of a group with their device counts', async () => {
    const res = await call<ReportPoint[]>(
      t.app,
      'GET',
      `/dataCenter/dataReportV2/points?group_id=${groupId}`,
      { token },
    );
    expect(res.body.code).toBe(0);
    const byName = new Map(res.body.data.map((p) => [p.name, p]));
    expect(byName.get('temp')).toEqual({ name: 'temp', title: 'Temperature', unit: '°C', devices: 2 });
    expect(byName.get('energy')?.devices).toBe(1);
    expect(byName.has('label')).toBe(false);
    expect(byName.has('nostore')).toBe(false);
    const other = await call(t.app, 'GET', `/dataCenter/dataReportV2/points?device_id=${deviceA}`, {
      token: otherToken,
    });
    expect(other.status).toBe(404);
  });
});
