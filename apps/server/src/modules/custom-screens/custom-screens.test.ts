import { readFileSync } from 'node:fs';
import type {
  CustomScreenDetail,
  CustomScreenRow,
  CustomScreenShare,
  ListResult,
  ScreenAlarmsAnswer,
  ScreenMapAnswer,
  ScreenPointsAnswer,
  ScreenScadaAnswer,
  ScreenSourceData,
  ScreenStatusAnswer,
  SharedScreen,
} from '@fleet/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPoint } from '../../pipeline/pipeline.fixtures.js';
import { call, createDevice, createRole, createUser, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { insertAlarm } from '../alarms/alarms.fixtures.js';
import { devices } from '../devices/devices.table.js';
import { createCategory, PNG_BYTES, upload } from '../graphlib/graphlib.fixtures.js';
import { SCADA_WRITE, templateDocument } from '../scada/scada.fixtures.js';
import { customScreens } from './custom-screens.table.js';
import { shareTokenHash } from './screen-share-token.js';

const DAY = 86_400_000;
const EDIT = ['CustomScreen', 'CustomScreen/edit'];

let t: TestApp;

async function screenUser(
  options: {
    permissions?: string[];
    screenLimit?: number | null;
    parentId?: number;
    isSubuser?: boolean;
  } = {},
) {
  const roleId = await createRole(t.database, {
    ownerUserId: options.parentId ?? null,
    name: `cs-${Math.random().toString(36).slice(2, 10)}`,
    permissions: options.permissions ?? EDIT,
  });
  const user = await createUser(t.database, {
    userType: 2,
    parentId: options.parentId ?? null,
    isSubuser: options.isSubuser ?? false,
    screenLimit: options.screenLimit ?? null,
    roleIds: [roleId],
  });
  return { user, token: await tokenFor(t.app, user.username, user.password) };
}

let owner: Awaited<ReturnType<typeof screenUser>>;
let other: Awaited<ReturnType<typeof screenUser>>;
let deviceId: number;
let pointA: number;
let pointB: number;
let foreignPoint: number;

const document = (points: { a: number; b: number }) => ({
  schemaVersion: 1,
  canvas: {
    w: 1920,
    h: 1080,
    background: '#000000',
    backgroundImage: null,
    backgroundFit: 'cover',
    theme: 'dark',
    timeZone: null,
  },
  widgets: {
    v1: {
      id: 'v1',
      kind: 'value',
      frame: { x: 10, y: 10, w: 200, h: 100 },
      title: 'A',
      point: points.a,
      decimals: 1,
    },
    l1: {
      id: 'l1',
      kind: 'line',
      frame: { x: 220, y: 10, w: 600, h: 300 },
      title: 'trend',
      source: { points: [points.a], aggregation: 'avg', window: 3600 },
    },
  },
  order: ['v1', 'l1'],
});

const ingest = (pointId: number, ts: number, value: number) => {
  t.runtime.directory.invalidate(null);
  return t.runtime.pipeline.ingest([{ deviceId, pointId, ts, value }]);
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await screenUser();
  other = await screenUser();
  deviceId = (await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Boiler' })).id;
  pointA = (await insertTestPoint(t.database, deviceId, { name: 'temp' })).id;
  pointB = (await insertTestPoint(t.database, deviceId, { name: 'secret' })).id;
  const foreignDevice = (await createDevice(t.database, { ownerUserId: other.user.id })).id;
  foreignPoint = (await insertTestPoint(t.database, foreignDevice, { name: 'x' })).id;
  await ingest(pointA, t.clock().getTime() - 120_000, 20.5);
  await ingest(pointB, t.clock().getTime() - 120_000, 99);
});
afterAll(async () => {
  await t?.close();
});

/** What the table holds of a screen's link. */
async function storedShare(id: number) {
  const [row] = await t.database.db
    .select({ hash: customScreens.shareTokenHash, sharedAt: customScreens.sharedAt })
    .from(customScreens)
    .where(eq(customScreens.id, id));
  return row!;
}

const create = (token: string, body: Record<string, unknown>) =>
  call<CustomScreenDetail>(t.app, 'POST', '/custom-screen', { token, body });

describe('custom screens', () => {
  let id: number;

  it('creates an empty 1920x1080 screen, lists and reads it; another tenant sees nothing', async () => {
    const res = await create(owner.token, { name: 'Boiler room' });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      name: 'Boiler room',
      version: 1,
      published: false,
      shared: false,
      shared_at: null,
    });
    expect(res.body.data.document.canvas).toMatchObject({ w: 1920, h: 1080 });
    id = res.body.data.id;
    const list = await call<ListResult<CustomScreenRow>>(t.app, 'GET', '/custom-screen?search=boiler', {
      token: owner.token,
    });
    expect(list.body.data.rows.map((r) => r.id)).toEqual([id]);
    const theirs = await call<ListResult<CustomScreenRow>>(t.app, 'GET', '/custom-screen', {
      token: other.token,
    });
    expect(theirs.body.data.total).toBe(0);
    const read = await call(t.app, 'GET', `/custom-screen/${id}`, { token: other.token });
    expect(read.status).toBe(404);
    const change = await call(t.app, 'PUT', `/custom-screen/${id}`, {
      token: other.token,
      body: { name: 'x' },
    });
    expect(change.status).toBe(404);
  });

  it('refuses an invalid document with the path, and stores nothing', async () => {
    const bad = document({ a: pointA, b: pointB });
    (bad.widgets.l1.source as { window: number }).window = 5;
    const res = await call(t.app, 'PUT', `/custom-screen/${id}`, {
      token: owner.token,
      body: { document: bad, version: 1 },
    });
    expect(res.body.code).toBe(10002);
    expect(res.body.msg).toMatch(/widgets\.l1\.source\.window/);
    const stored = await call<CustomScreenDetail>(t.app, 'GET', `/custom-screen/${id}`, {
      token: owner.token,
    });
    expect(stored.body.data.version).toBe(1);
  });

  it('saves with the loaded version; a stale save answers 20000 and changes nothing', async () => {
    const first = document({ a: pointA, b: pointB });
    const ok = await call<CustomScreenDetail>(t.app, 'PUT', `/custom-screen/${id}`, {
      token: owner.token,
      body: { document: first, version: 1 },
    });
    expect(ok.body.data.version).toBe(2);
    const stale = await call(t.app, 'PUT', `/custom-screen/${id}`, {
      token: owner.token,
      body: { document: { ...first, order: ['l1', 'v1'] }, version: 1, name: 'stale' },
    });
    expect(stale.body).toMatchObject({
      code: 20000,
      msg_key: 'screen.staleVersion',
      msg_params: { version: 2 },
    });
    const stored = await call<CustomScreenDetail>(t.app, 'GET', `/custom-screen/${id}`, {
      token: owner.token,
    });
    expect(stored.body.data).toMatchObject({ version: 2, name: 'Boiler room' });
    expect(stored.body.data.document.order).toEqual(['v1', 'l1']);
  });

  it('answers the bound points with latest values and a widget’s series', async () => {
    const points = await call<ScreenPointsAnswer>(t.app, 'GET', `/custom-screen/${id}/points`, {
      token: owner.token,
    });
    expect(points.body.data.points).toEqual([
      expect.objectContaining({ point_id: pointA, device_title: 'Boiler', value: 20.5, locked: false }),
    ]);
    const data = await call<ScreenSourceData>(t.app, 'GET', `/custom-screen/${id}/data?widget=l1`, {
      token: owner.token,
    });
    expect(data.body.data.series).toHaveLength(1);
    expect(data.body.data.series[0]!.points.map((p) => p[1])).toContain(20.5);
    const missing = await call(t.app, 'GET', `/custom-screen/${id}/data?widget=v1`, { token: owner.token });
    expect(missing.body).toMatchObject({ code: 20000, msg_key: 'screen.unknownWidget' });
  });

  it('a preview never reads another tenant’s point', async () => {
    const res = await call<ScreenPointsAnswer>(t.app, 'POST', '/custom-screen/preview/points', {
      token: owner.token,
      body: { points: [pointA, foreignPoint] },
    });
    expect(res.body.data.points.map((p) => p.point_id)).toEqual([pointA]);
    const data = await call(t.app, 'POST', '/custom-screen/preview/data', {
      token: owner.token,
      body: { points: [foreignPoint], aggregation: 'avg', window: 3600 },
    });
    expect(data.status).toBe(404);
  });

  it('the external link reads only the bound points, without a session, until revoked', async () => {
    const shared = await call<CustomScreenShare>(t.app, 'POST', `/custom-screen/${id}/share`, {
      token: owner.token,
    });
    const token = shared.body.data.share_token!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(shared.body.data.shared_at).not.toBeNull();
    // The token is shown in that answer only: the table keeps its SHA-256, the reads say a link is out.
    expect(await storedShare(id)).toEqual({
      hash: shareTokenHash(token),
      sharedAt: new Date(shared.body.data.shared_at!),
    });
    expect(shareTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    const detail = await call<CustomScreenDetail>(t.app, 'GET', `/custom-screen/${id}`, {
      token: owner.token,
    });
    expect(detail.body.data).toMatchObject({ shared: true, shared_at: shared.body.data.shared_at });
    const listed = await call<ListResult<CustomScreenRow>>(t.app, 'GET', '/custom-screen', {
      token: owner.token,
    });
    expect(listed.body.data.rows.find((r) => r.id === id)).toMatchObject({ shared: true });
    for (const answer of [detail, listed]) {
      expect(JSON.stringify(answer.body)).not.toContain(token);
      expect(JSON.stringify(answer.body)).not.toContain(shareTokenHash(token));
    }
    // The hash itself opens nothing.
    expect((await call(t.app, 'GET', `/screen-share/${shareTokenHash(token)}`)).status).toBe(404);
    const screen = await call<SharedScreen>(t.app, 'GET', `/screen-share/${token}`);
    expect(screen.body.data).toMatchObject({ name: 'Boiler room', version: 2 });
    const points = await call<ScreenPointsAnswer>(t.app, 'GET', `/screen-share/${token}/points`);
    // pointB is on the same device but not on the screen: never answered.
    expect(points.body.data.points.map((p) => p.point_id)).toEqual([pointA]);
    const data = await call<ScreenSourceData>(t.app, 'GET', `/screen-share/${token}/data?widget=l1`);
    expect(data.body.data.series[0]!.point_id).toBe(pointA);
    // A new link replaces the old one.
    const again = await call<{ share_token: string }>(t.app, 'POST', `/custom-screen/${id}/share`, {
      token: owner.token,
    });
    expect((await call(t.app, 'GET', `/screen-share/${token}`)).body).toMatchObject({
      code: 20000,
      msg_key: 'screen.shareRevoked',
    });
    const current = again.body.data.share_token;
    expect((await call(t.app, 'GET', `/screen-share/${current}/points`)).body.code).toBe(0);
    await call(t.app, 'DELETE', `/custom-screen/${id}/share`, { token: owner.token });
    const revoked = await call(t.app, 'GET', `/screen-share/${current}/points`);
    expect(revoked.status).toBe(404);
    expect(revoked.body).toMatchObject({ code: 20000, msg_key: 'screen.shareRevoked' });
    expect(await storedShare(id)).toEqual({ hash: null, sharedAt: null });
    const after = await call<CustomScreenDetail>(t.app, 'GET', `/custom-screen/${id}`, {
      token: owner.token,
    });
    expect(after.body.data).toMatchObject({ shared: false, shared_at: null });
  });

  it('migration 0030 hashes the links made before in place: they keep working, nothing is left in clear', async () => {
    const statements = readFileSync(
      new URL('../../platform/db/migrations/0030_hash_screen_share_tokens.sql', import.meta.url),
      'utf8',
    )
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      // The column it adds is there already; the data step is what runs again here.
      .filter((s) => s && !s.startsWith('ALTER TABLE'));
    const migrate = async () => {
      for (const statement of statements) await t.database.db.execute(sql.raw(statement));
    };
    // A link as it was stored before 0030: the token in clear, no time.
    const plain = 'Abc-_0123456789abcdefghijklmnopqrstuvwxyzQRS';
    await t.database.db
      .update(customScreens)
      .set({ shareTokenHash: plain, sharedAt: null })
      .where(eq(customScreens.id, id));
    await migrate();
    const row = await storedShare(id);
    expect(row.hash).toBe(shareTokenHash(plain));
    expect(row.sharedAt).not.toBeNull();
    expect((await call(t.app, 'GET', `/screen-share/${plain}/points`)).body.code).toBe(0);
    // A second run leaves the hash alone.
    await migrate();
    expect(await storedShare(id)).toEqual(row);
    await call(t.app, 'DELETE', `/custom-screen/${id}/share`, { token: owner.token });
  });

  it('respects the data lock of an expired device', async () => {
    await t.database.db
      .update(devices)
      .set({ expireAt: new Date(t.clock().getTime() - 8 * DAY) })
      .where(eq(devices.id, deviceId));
    const points = await call<ScreenPointsAnswer>(t.app, 'GET', `/custom-screen/${id}/points`, {
      token: owner.token,
    });
    expect(points.body.data.points[0]).toMatchObject({ point_id: pointA, value: null, locked: true });
    const data = await call(t.app, 'GET', `/custom-screen/${id}/data?widget=l1`, { token: owner.token });
    expect(data.body).toMatchObject({ code: 20000, msg_key: 'device.dataLocked' });
    await t.database.db
      .update(devices)
      .set({ expireAt: new Date(t.clock().getTime() + 365 * DAY) })
      .where(eq(devices.id, deviceId));
  });

  it('publishes in the menu and deletes', async () => {
    const res = await call<CustomScreenDetail>(t.app, 'PUT', `/custom-screen/${id}`, {
      token: owner.token,
      body: { published: true },
    });
    expect(res.body.data).toMatchObject({ published: true, version: 2 });
    const published = await call<ListResult<CustomScreenRow>>(t.app, 'GET', '/custom-screen?published=1', {
      token: owner.token,
    });
    expect(published.body.data.rows.map((r) => r.id)).toEqual([id]);
  });
});

describe('custom screen permissions and the limit', () => {
  it('CustomScreen alone reads but may not create or change', async () => {
    const viewer = await screenUser({ permissions: ['CustomScreen'] });
    const res = await create(viewer.token, { name: 'nope' });
    expect(res.body.code).not.toBe(0);
    expect(res.status).toBe(403);
    const none = await screenUser({ permissions: ['Monitor.DeviceMonitor'] });
    expect((await call(t.app, 'GET', '/custom-screen', { token: none.token })).status).toBe(403);
  });

  it('the custom screen count limit of the user (and its ancestors) stops create', async () => {
    const limited = await screenUser({ screenLimit: 1 });
    expect((await create(limited.token, { name: 'one' })).body.code).toBe(0);
    const second = await create(limited.token, { name: 'two' });
    expect(second.body).toMatchObject({
      code: 20000,
      msg_key: 'screen.limitReached',
      msg_params: { limit: 1, used: 1 },
    });
    const list = await call<ListResult<CustomScreenRow>>(t.app, 'GET', '/custom-screen', {
      token: limited.token,
    });
    expect(list.body.data.total).toBe(1);
  });
});

describe('custom screen alarm lists', () => {
  it('list the latest alarms of the devices they name; a link reads only those devices', async () => {
    const second = (await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Chiller' })).id;
    const now = t.clock().getTime();
    await insertAlarm(t.database, { deviceId, at: new Date(now - 60_000), message: 'boiler hot' });
    await insertAlarm(t.database, { deviceId, at: new Date(now - 30_000), message: 'boiler hotter' });
    await insertAlarm(t.database, { deviceId: second, at: new Date(now - 10_000), message: 'chiller' });
    const doc = {
      ...document({ a: pointA, b: pointB }),
      widgets: {
        a1: {
          id: 'a1',
          kind: 'alarms',
          frame: { x: 0, y: 0, w: 400, h: 300 },
          title: '',
          devices: [deviceId],
          rows: 5,
        },
      },
      order: ['a1'],
    };
    const made = await create(owner.token, { name: 'Alarms', document: doc });
    expect(made.body.code).toBe(0);
    const id = made.body.data.id;
    const list = await call<ScreenAlarmsAnswer>(t.app, 'GET', `/custom-screen/${id}/alarms?widget=a1`, {
      token: owner.token,
    });
    expect(list.body.data.rows.map((r) => r.device_id)).toEqual([deviceId, deviceId]);
    expect(list.body.data.rows[0]!.at > list.body.data.rows[1]!.at).toBe(true);
    const token = (
      await call<{ share_token: string }>(t.app, 'POST', `/custom-screen/${id}/share`, { token: owner.token })
    ).body.data.share_token;
    const shared = await call<ScreenAlarmsAnswer>(t.app, 'GET', `/screen-share/${token}/alarms?widget=a1`);
    expect(shared.body.data.rows.map((r) => r.device_id)).toEqual([deviceId, deviceId]);
    // Another tenant's preview of the same device reads nothing.
    const theirs = await call<ScreenAlarmsAnswer>(t.app, 'POST', '/custom-screen/preview/alarms', {
      token: other.token,
      body: { devices: [deviceId], rows: 5 },
    });
    expect(theirs.body.data.rows).toEqual([]);
  });
});

describe('custom screen text and clock widgets', () => {
  const withWidgets = (widgets: Record<string, unknown>, canvas: Record<string, unknown> = {}) => {
    const base = document({ a: pointA, b: pointB });
    return { ...base, canvas: { ...base.canvas, ...canvas }, widgets, order: Object.keys(widgets) };
  };
  const text = (over: Record<string, unknown> = {}) => ({
    id: 't1',
    kind: 'text',
    frame: { x: 0, y: 0, w: 400, h: 100 },
    title: '',
    text: 'Boiler room',
    fontSize: 40,
    align: 'center',
    ...over,
  });
  const clock = {
    id: 'c1',
    kind: 'clock',
    frame: { x: 0, y: 100, w: 400, h: 100 },
    title: '',
    show: 'datetime',
    seconds: true,
    fontSize: 40,
  };

  it('stores text and a clock with the screen’s time zone; they bind no point', async () => {
    const made = await create(owner.token, {
      name: 'Static',
      document: withWidgets({ t1: text(), c1: clock }, { timeZone: 'Asia/Shanghai' }),
    });
    expect(made.body.code).toBe(0);
    expect(made.body.data.document.canvas.timeZone).toBe('Asia/Shanghai');
    expect(made.body.data.document.widgets.t1).toMatchObject({ text: 'Boiler room', align: 'center' });
    const points = await call<ScreenPointsAnswer>(
      t.app,
      'GET',
      `/custom-screen/${made.body.data.id}/points`,
      {
        token: owner.token,
      },
    );
    expect(points.body.data.points).toEqual([]);
  });

  it('refuses text over the limit, an unknown zone, a bad alignment or an unknown key (10002, path named)', async () => {
    const cases: [unknown, RegExp][] = [
      [withWidgets({ t1: text({ text: 'x'.repeat(501) }) }), /widgets\.t1\.text/],
      [withWidgets({ t1: text({ align: 'justify' }) }), /widgets\.t1\.align/],
      [withWidgets({ t1: text({ fontSize: 4 }) }), /widgets\.t1\.fontSize/],
      [withWidgets({ t1: text({ html: '<b>x</b>' }) }), /widgets\.t1/],
      [withWidgets({ c1: clock }, { timeZone: 'Mars/Olympus' }), /canvas\.timeZone/],
      [withWidgets({ c1: { ...clock, show: 'week' } }), /widgets\.c1\.show/],
    ];
    for (const [doc, path] of cases) {
      const res = await create(owner.token, { name: 'Bad', document: doc });
      expect(res.body.code).toBe(10002);
      expect(res.body.msg).toMatch(path);
    }
  });
});

describe('custom screen images', () => {
  it('an image and the background come from the graph library upload; foreign URLs are refused', async () => {
    const designer = await screenUser({ permissions: [...EDIT, 'IndScada', 'ScadaManager'] });
    const category = await createCategory(t.app, designer.token, 'Custom screen images');
    const uploaded = await upload(t.app, designer.token, category.id, {
      data: PNG_BYTES,
      filename: 'plan.png',
      type: 'image/png',
    });
    const url = (uploaded.body.data as { url: string }).url;
    expect(url).toMatch(/^\/upload\/graphlib\/[0-9a-f]{64}\.png$/);
    const base = document({ a: pointA, b: pointB });
    const image = (src: string) => ({
      id: 'i1',
      kind: 'image',
      frame: { x: 0, y: 0, w: 400, h: 300 },
      title: '',
      src,
      fit: 'cover',
    });
    const made = await create(designer.token, {
      name: 'With images',
      document: {
        ...base,
        canvas: { ...base.canvas, backgroundImage: url, backgroundFit: 'stretch' },
        widgets: { i1: image(url) },
        order: ['i1'],
      },
    });
    expect(made.body.code).toBe(0);
    expect(made.body.data.document.canvas).toMatchObject({ backgroundImage: url, backgroundFit: 'stretch' });
    // The stored file is served to anyone with the screen (a shared link has no session).
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    for (const [src, path] of [
      ['https://evil.example/x.png', /widgets\.i1\.src/],
      ['/upload/graphlib/../../etc/passwd', /widgets\.i1\.src/],
    ] as const) {
      const bad = await create(designer.token, {
        name: 'Bad',
        document: { ...base, widgets: { i1: image(src) }, order: ['i1'] },
      });
      expect(bad.body.code).toBe(10002);
      expect(bad.body.msg).toMatch(path);
    }
    const badFit = await create(designer.token, {
      name: 'Bad',
      document: { ...base, canvas: { ...base.canvas, backgroundFit: 'tile' } },
    });
    expect(badFit.body.msg).toMatch(/canvas\.backgroundFit/);

    // The picture cannot be deleted from the graph library while the screen shows it (nothing changes);
    // once the screen is gone, it can.
    const itemId = (uploaded.body.data as { id: number }).id;
    const refused = await call(t.app, 'DELETE', `/scada/graphlib/${itemId}`, { token: designer.token });
    expect(refused.body).toMatchObject({ msg_key: 'graphlib.inUse' });
    expect(refused.body.msg).toContain('With images');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const removed = await call(t.app, 'DELETE', `/custom-screen/${made.body.data.id}`, {
      token: designer.token,
    });
    expect(removed.body.code).toBe(0);
    const deleted = await call(t.app, 'DELETE', `/scada/graphlib/${itemId}`, { token: designer.token });
    expect(deleted.body.code).toBe(0);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('custom screen device status tables', () => {
  it('list status, last reading and named values of visible devices only, on the screen, the preview and the link', async () => {
    const idle = (await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Idle pump' })).id;
    const foreign = (await createDevice(t.database, { ownerUserId: other.user.id, title: 'Not yours' })).id;
    await t.database.db.update(devices).set({ status: 1, alarmType: 1 }).where(eq(devices.id, deviceId));
    const status = (over: Record<string, unknown> = {}) => ({
      id: 's1',
      kind: 'status',
      frame: { x: 0, y: 0, w: 600, h: 300 },
      title: '',
      devices: [deviceId, foreign, idle],
      columns: ['temp', 'missing'],
      ...over,
    });
    const base = document({ a: pointA, b: pointB });
    const made = await create(owner.token, {
      name: 'Fleet',
      document: { ...base, widgets: { s1: status() }, order: ['s1'] },
    });
    expect(made.body.code).toBe(0);
    const id = made.body.data.id;
    const read = await call<ScreenStatusAnswer>(t.app, 'GET', `/custom-screen/${id}/status?widget=s1`, {
      token: owner.token,
    });
    expect(read.body.code).toBe(0);
    const rows = read.body.data.rows;
    // The other tenant's device is left out; the widget's order is kept.
    expect(rows.map((r) => r.device_id)).toEqual([deviceId, idle]);
    expect(rows[0]).toMatchObject({ title: 'Boiler', status: 1, alarm_type: 1, locked: false });
    expect(rows[0]!.last_seen).not.toBeNull();
    expect(rows[0]!.values).toEqual([
      expect.objectContaining({ point_id: pointA, name: 'temp', value: 20.5 }),
      null,
    ]);
    expect(rows[1]).toMatchObject({ title: 'Idle pump', status: 0, last_seen: null, values: [null, null] });

    const token = (
      await call<{ share_token: string }>(t.app, 'POST', `/custom-screen/${id}/share`, { token: owner.token })
    ).body.data.share_token;
    const shared = await call<ScreenStatusAnswer>(t.app, 'GET', `/screen-share/${token}/status?widget=s1`);
    expect(shared.headers['cache-control']).toBe('no-store');
    expect(shared.body.data.rows.map((r) => r.device_id)).toEqual([deviceId, idle]);
    // A link names a widget of its own screen only.
    const wrong = await call(t.app, 'GET', `/screen-share/${token}/status?widget=nope`);
    expect(wrong.status).toBe(404);

    // The other tenant's preview of the owner's device answers nothing of it.
    const theirs = await call<ScreenStatusAnswer>(t.app, 'POST', '/custom-screen/preview/status', {
      token: other.token,
      body: { devices: [deviceId, foreign], columns: ['x'] },
    });
    expect(theirs.body.data.rows.map((r) => r.device_id)).toEqual([foreign]);

    for (const [over, path] of [
      [{ columns: ['a', 'b', 'c', 'd'] }, /widgets\.s1\.columns/],
      [{ devices: [] }, /widgets\.s1\.devices/],
    ] as const) {
      const bad = await create(owner.token, {
        name: 'Bad',
        document: { ...base, widgets: { s1: status(over) }, order: ['s1'] },
      });
      expect(bad.body.code).toBe(10002);
      expect(bad.body.msg).toMatch(path);
    }
    await t.database.db.update(devices).set({ status: 0, alarmType: 0 }).where(eq(devices.id, deviceId));
  });
});

describe('custom screen embedded SCADA apps', () => {
  it('embed an app read-only with its points and latest values, on the screen, the preview and the link', async () => {
    const designer = await screenUser({ permissions: [...EDIT, ...SCADA_WRITE] });
    const device = (await createDevice(t.database, { ownerUserId: designer.user.id, title: 'Tank' })).id;
    const level = (await insertTestPoint(t.database, device, { name: 'level', storageIntervalS: 60 })).id;
    t.runtime.directory.invalidate(null);
    await t.runtime.pipeline.ingest([
      { deviceId: device, pointId: level, ts: t.clock().getTime() - 60_000, value: 7 },
    ]);
    // The fixture's template page, bound by id to the tank's level instead of by name.
    const doc = JSON.parse(
      JSON.stringify(templateDocument()).replaceAll(
        '{"by":"name","name":"ua"}',
        `{"by":"id","pointId":"${level}"}`,
      ),
    );
    const app = await call<{ id: number }>(t.app, 'POST', '/scada', {
      token: designer.token,
      body: { kind: 'app', name: 'Tank farm', document: doc },
    });
    expect(app.body.code).toBe(0);
    const scadaId = app.body.data.id;
    const base = document({ a: pointA, b: pointB });
    const widget = {
      id: 'p1',
      kind: 'scada',
      frame: { x: 0, y: 0, w: 800, h: 600 },
      title: '',
      scada: scadaId,
      page: null,
    };
    const made = await create(designer.token, {
      name: 'With SCADA',
      document: { ...base, widgets: { p1: widget }, order: ['p1'] },
    });
    expect(made.body.code).toBe(0);
    const id = made.body.data.id;

    const read = await call<ScreenScadaAnswer>(t.app, 'GET', `/custom-screen/${id}/scada?widget=p1`, {
      token: designer.token,
    });
    expect(read.body.code).toBe(0);
    expect(read.body.data.name).toBe('Tank farm');
    expect(read.body.data.points.devices.map((d) => d.id)).toEqual([device]);
    expect(read.body.data.values).toEqual([expect.objectContaining({ point_id: level, value: 7 })]);

    const token = (
      await call<{ share_token: string }>(t.app, 'POST', `/custom-screen/${id}/share`, {
        token: designer.token,
      })
    ).body.data.share_token;
    const shared = await call<ScreenScadaAnswer>(t.app, 'GET', `/screen-share/${token}/scada?widget=p1`);
    expect(shared.body.data.values).toEqual([expect.objectContaining({ point_id: level, value: 7 })]);
    expect(shared.headers['cache-control']).toBe('no-store');

    // A sub-account that may read custom screens but not SCADA sees the screen, not the drawing; with
    // IndScada it does. The link above read it as the owner, who shared it.
    const screensOnly = await screenUser({
      parentId: designer.user.id,
      isSubuser: true,
      permissions: ['CustomScreen'],
    });
    expect((await call(t.app, 'GET', `/custom-screen/${id}`, { token: screensOnly.token })).body.code).toBe(
      0,
    );
    const refused = await call(t.app, 'GET', `/custom-screen/${id}/scada?widget=p1`, {
      token: screensOnly.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(10001);
    expect(JSON.stringify(refused.body)).not.toContain('Tank farm');
    const scadaReader = await screenUser({
      parentId: designer.user.id,
      isSubuser: true,
      permissions: ['CustomScreen', 'IndScada'],
    });
    const allowed = await call<ScreenScadaAnswer>(t.app, 'GET', `/custom-screen/${id}/scada?widget=p1`, {
      token: scadaReader.token,
    });
    expect(allowed.body.data.name).toBe('Tank farm');

    // Another tenant cannot preview the app; an app without bindings previews with nothing to read.
    const stranger = await screenUser({ permissions: [...EDIT, 'IndScada'] });
    const theirs = await call(t.app, 'GET', `/custom-screen/preview/scada?scada=${scadaId}`, {
      token: stranger.token,
    });
    expect(theirs.status).toBe(404);
    // A screen editor without the SCADA permission previews no drawing either.
    const noScada = await call(t.app, 'GET', `/custom-screen/preview/scada?scada=${scadaId}`, {
      token: other.token,
    });
    expect(noScada.body.code).toBe(10001);
    const empty = await call<{ id: number }>(t.app, 'POST', '/scada', {
      token: designer.token,
      body: { kind: 'app', name: 'x' },
    });
    const preview = await call<ScreenScadaAnswer>(
      t.app,
      'GET',
      `/custom-screen/preview/scada?scada=${empty.body.data.id}`,
      {
        token: designer.token,
      },
    );
    expect(preview.body.data).toMatchObject({ name: 'x', values: [], points: { devices: [], points: [] } });
    const bad = await create(designer.token, {
      name: 'Bad',
      document: { ...base, widgets: { p1: { ...widget, scada: 0 } }, order: ['p1'] },
    });
    expect(bad.body.msg).toMatch(/widgets\.p1\.scada/);
  });
});

describe('custom screen map widgets', () => {
  it('show the named (or all) located devices the reader sees, with the basemap, on the screen, preview and link', async () => {
    const mapper = await screenUser();
    const a = (await createDevice(t.database, { ownerUserId: mapper.user.id, title: 'North' })).id;
    const b = (await createDevice(t.database, { ownerUserId: mapper.user.id, title: 'South' })).id;
    const nowhere = (await createDevice(t.database, { ownerUserId: mapper.user.id, title: 'Nowhere' })).id;
    const foreign = (await createDevice(t.database, { ownerUserId: other.user.id, title: 'Theirs' })).id;
    for (const [id, lat] of [
      [a, 31.2],
      [b, 22.5],
      [foreign, 40],
    ] as const)
      await t.database.db.update(devices).set({ lat, lng: 121.4, status: 1 }).where(eq(devices.id, id));
    const base = document({ a: pointA, b: pointB });
    const map = (ids: number[]) => ({
      id: 'm1',
      kind: 'map',
      frame: { x: 0, y: 0, w: 600, h: 400 },
      title: '',
      devices: ids,
    });
    const made = await create(mapper.token, {
      name: 'Map',
      document: { ...base, widgets: { m1: map([a, nowhere, foreign]) }, order: ['m1'] },
    });
    expect(made.body.code).toBe(0);
    const id = made.body.data.id;
    const read = await call<ScreenMapAnswer>(t.app, 'GET', `/custom-screen/${id}/map?widget=m1`, {
      token: mapper.token,
    });
    // The other tenant's device is never answered; the one without coordinates is counted as unplaced.
    expect(read.body.data.rows.map((r) => r.id)).toEqual([a]);
    expect(read.body.data).toMatchObject({ total: 1, unplaced: 1, config: { tile_url: null } });
    expect(read.body.data.rows[0]).toMatchObject({ device_title: 'North', lat: 31.2, lng: 121.4, status: 1 });

    const all = await call<ScreenMapAnswer>(t.app, 'POST', '/custom-screen/preview/map', {
      token: mapper.token,
      body: { devices: [] },
    });
    expect(all.body.data.rows.map((r) => r.id).sort()).toEqual([a, b].sort());

    const token = (
      await call<{ share_token: string }>(t.app, 'POST', `/custom-screen/${id}/share`, {
        token: mapper.token,
      })
    ).body.data.share_token;
    const shared = await call<ScreenMapAnswer>(t.app, 'GET', `/screen-share/${token}/map?widget=m1`);
    expect(shared.body.data.rows.map((r) => r.id)).toEqual([a]);
    expect(shared.headers['cache-control']).toBe('no-store');
    // A map naming no device: signed in, all the reader's located devices; through the link, none
    // (the owner never picked their whole fleet for the wall).
    const open = await create(mapper.token, {
      name: 'Map of all',
      document: { ...base, widgets: { m1: map([]) }, order: ['m1'] },
    });
    const mine = await call<ScreenMapAnswer>(
      t.app,
      'GET',
      `/custom-screen/${open.body.data.id}/map?widget=m1`,
      {
        token: mapper.token,
      },
    );
    expect(mine.body.data.rows.map((r) => r.id).sort()).toEqual([a, b].sort());
    const openToken = (
      await call<CustomScreenShare>(t.app, 'POST', `/custom-screen/${open.body.data.id}/share`, {
        token: mapper.token,
      })
    ).body.data.share_token;
    const linked = await call<ScreenMapAnswer>(t.app, 'GET', `/screen-share/${openToken}/map?widget=m1`);
    expect(linked.body.code).toBe(0);
    expect(linked.body.data).toMatchObject({ rows: [], total: 0, unplaced: 0, config: { tile_url: null } });

    const tooMany = await create(mapper.token, {
      name: 'Bad',
      document: { ...base, widgets: { m1: map(Array.from({ length: 51 }, (_, i) => i + 1)) }, order: ['m1'] },
    });
    expect(tooMany.body.msg).toMatch(/widgets\.m1\.devices/);
  });
});
