import { readFileSync } from 'node:fs';
import type {
  ListResult,
  ScadaDetail,
  ScadaPoints,
  ScadaResolved,
  ScadaRow,
  TemplateRow,
} from '@fleet/contracts';
import { SCADA_SCHEMA_VERSION } from '@fleet/scada-model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { devices } from '../devices/devices.table.js';
import { createScadaUser, PNG_THUMBNAIL, SCADA_READ, templateDocument } from './scada.fixtures.js';

const v1Fixture = JSON.parse(
  readFileSync(
    new URL('../../../../../packages/scada-model/src/fixtures/v1-pumping-station.json', import.meta.url),
    'utf8',
  ),
) as Record<string, unknown>;

let t: TestApp;
let owner: Awaited<ReturnType<typeof createScadaUser>>;
let other: Awaited<ReturnType<typeof createScadaUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createScadaUser(t);
  other = await createScadaUser(t);
});
afterAll(async () => {
  await t?.close();
});

const create = (token: string, body: Record<string, unknown>) =>
  call<ScadaDetail>(t.app, 'POST', '/scada', { token, body });

describe('SCADA apps', () => {
  let id: number;

  it('creates an app with an empty one-page document, lists and reads it', async () => {
    const res = await create(owner.token, { kind: 'app', name: 'Station 3', thumbnail: PNG_THUMBNAIL });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      kind: 'app',
      name: 'Station 3',
      template_id: null,
      owner_user_id: owner.user.id,
      version: 1,
      thumbnail: PNG_THUMBNAIL,
    });
    expect(res.body.data.document).toMatchObject({
      schemaVersion: SCADA_SCHEMA_VERSION,
      pageOrder: ['main'],
    });
    id = res.body.data.id;
    const list = await call<ListResult<ScadaRow>>(t.app, 'GET', '/scada?kind=app&search=station', {
      token: owner.token,
    });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.rows[0]).toMatchObject({ id, name: 'Station 3' });
    expect(list.body.data.rows[0]).not.toHaveProperty('document');
    const none = await call<ListResult<ScadaRow>>(t.app, 'GET', '/scada?kind=template', {
      token: owner.token,
    });
    expect(none.body.data.total).toBe(0);
    const got = await call<ScadaDetail>(t.app, 'GET', `/scada/${id}`, { token: owner.token });
    expect(got.body.data).toMatchObject({ id, version: 1, document: res.body.data.document });
  });

  it('refuses a thumbnail that is not a PNG data URL', async () => {
    for (const thumbnail of ['data:image/svg+xml;base64,PHN2Zz4=', 'https://example.com/a.png']) {
      const res = await call(t.app, 'PUT', `/scada/${id}`, { token: owner.token, body: { thumbnail } });
      expect(res.body.code).toBe(10002);
      expect(res.body.msg).toMatch(/thumbnail/);
    }
  });

  it('renames without a version and keeps the version', async () => {
    const res = await call<ScadaDetail>(t.app, 'PUT', `/scada/${id}`, {
      token: owner.token,
      body: { name: 'Station three' },
    });
    expect(res.body.data).toMatchObject({ name: 'Station three', version: 1 });
  });

  it('a stale save answers 20000 and the stored document is the first save', async () => {
    const first = templateDocument();
    const second = { ...templateDocument(), name: 'second' };
    const ok = await call<ScadaDetail>(t.app, 'PUT', `/scada/${id}`, {
      token: owner.token,
      body: { document: first, version: 1 },
    });
    expect(ok.body.code).toBe(0);
    expect(ok.body.data.version).toBe(2);
    const stale = await call<string>(t.app, 'PUT', `/scada/${id}`, {
      token: owner.token,
      body: { document: second, version: 1, name: 'renamed by the stale save' },
    });
    expect(stale.status).toBe(422);
    expect(stale.body).toMatchObject({
      code: 20000,
      msg_key: 'scada.staleVersion',
      msg_params: { version: 2 },
    });
    const stored = await call<ScadaDetail>(t.app, 'GET', `/scada/${id}`, { token: owner.token });
    expect(stored.body.data).toMatchObject({ version: 2, name: 'Station three' });
    expect(stored.body.data.document).toEqual(first);
  });

  it('of two concurrent saves at the same version exactly one is stored', async () => {
    const made = await create(owner.token, { kind: 'app', name: 'race' });
    const race = made.body.data.id;
    const docs = ['left', 'right'].map((name) => ({ ...templateDocument(), name }));
    const answers = await Promise.all(
      docs.map((document) =>
        call<ScadaDetail>(t.app, 'PUT', `/scada/${race}`, {
          token: owner.token,
          body: { document, version: 1 },
        }),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 20000]);
    const winner = answers.findIndex((a) => a.body.code === 0);
    const stored = await call<ScadaDetail>(t.app, 'GET', `/scada/${race}`, { token: owner.token });
    expect(stored.body.data.version).toBe(2);
    expect(stored.body.data.document).toEqual(docs[winner]);
    expect((await call(t.app, 'DELETE', `/scada/${race}`, { token: owner.token })).body.code).toBe(0);
  });

  it('a document save needs the version', async () => {
    const res = await call(t.app, 'PUT', `/scada/${id}`, {
      token: owner.token,
      body: { document: templateDocument() },
    });
    expect(res.body.code).toBe(10002);
    expect(res.body.msg).toMatch(/version/);
  });

  it('an invalid document answers 10002 naming its path and nothing is stored', async () => {
    const bad = templateDocument() as { pages: { main: { elements: { r1: { fill: string } } } } };
    bad.pages.main.elements.r1.fill = 'red';
    const res = await call(t.app, 'PUT', `/scada/${id}`, {
      token: owner.token,
      body: { document: bad, version: 2 },
    });
    expect(res.body.code).toBe(10002);
    expect(res.body.msg).toMatch(/^body\.document\.pages\.main\.elements\.r1\.fill: /);
    const created = await create(owner.token, { kind: 'app', name: 'bad', document: bad });
    expect(created.body.msg).toMatch(/^body\.document\.pages\.main\.elements\.r1\.fill: /);
    const stored = await call<ScadaDetail>(t.app, 'GET', `/scada/${id}`, { token: owner.token });
    expect(stored.body.data.version).toBe(2);
  });

  it('refuses a document newer than the server with its own message', async () => {
    const newer = { ...templateDocument(), schemaVersion: SCADA_SCHEMA_VERSION + 1 };
    const res = await call(t.app, 'PUT', `/scada/${id}`, {
      token: owner.token,
      body: { document: newer, version: 2 },
    });
    expect(res.body).toMatchObject({
      code: 10002,
      msg_key: 'scada.documentTooNew',
      msg_params: { version: String(SCADA_SCHEMA_VERSION + 1), supported: SCADA_SCHEMA_VERSION },
    });
    expect(res.body.msg).toMatch(/^body\.document\.schemaVersion: /);
  });

  it('stores an older document migrated', async () => {
    const res = await create(owner.token, { kind: 'app', name: 'Pumping', document: v1Fixture });
    expect(res.body.code).toBe(0);
    expect(res.body.data.document.schemaVersion).toBe(SCADA_SCHEMA_VERSION);
    expect(res.body.data.document).toHaveProperty('pageOrder');
    const got = await call<ScadaDetail>(t.app, 'GET', `/scada/${res.body.data.id}`, { token: owner.token });
    expect(got.body.data.document).toEqual(res.body.data.document);
  });

  it('exports a JSON file that imports back as a new drawing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/scada/${id}/export`,
      headers: { 'x-token': owner.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Station three\.scada\.json"/);
    const file = res.json() as Record<string, unknown>;
    expect(file).toMatchObject({ format: 'fleet-scada', version: 1, kind: 'app', name: 'Station three' });
    expect(file.document).toEqual(templateDocument());
    const imported = await call<ScadaDetail>(t.app, 'POST', '/scada/import', {
      token: owner.token,
      body: file,
    });
    expect(imported.body.code).toBe(0);
    expect(imported.body.data).toMatchObject({ kind: 'app', name: 'Station three', version: 1 });
    expect(imported.body.data.id).not.toBe(id);
    expect(imported.body.data.document).toEqual(file.document);
    const wrong = await call(t.app, 'POST', '/scada/import', {
      token: owner.token,
      body: { ...file, format: 'something-else' },
    });
    expect(wrong.body.code).toBe(10002);
    const older = await call<ScadaDetail>(t.app, 'POST', '/scada/import', {
      token: owner.token,
      body: { ...file, document: v1Fixture },
    });
    expect(older.body.data.document.schemaVersion).toBe(SCADA_SCHEMA_VERSION);
  });

  it('copies a drawing into a new one at version 1', async () => {
    const en = { 'accept-language': 'en' };
    const res = await call<ScadaDetail>(t.app, 'POST', `/scada/${id}/copy`, {
      token: owner.token,
      body: {},
      headers: en,
    });
    expect(res.body.data).toMatchObject({
      name: 'Station three (copy)',
      version: 1,
      thumbnail: PNG_THUMBNAIL,
    });
    expect(res.body.data.document).toEqual(templateDocument());
    const bare = await call<ScadaDetail>(t.app, 'POST', `/scada/${id}/copy`, {
      token: owner.token,
      headers: en,
    });
    expect(bare.body.data).toMatchObject({ name: 'Station three (copy)', version: 1 });
    const named = await call<ScadaDetail>(t.app, 'POST', `/scada/${id}/copy`, {
      token: owner.token,
      body: { name: 'Second station' },
    });
    expect(named.body.data.name).toBe('Second station');
    const gone = await call(t.app, 'DELETE', `/scada/${named.body.data.id}`, { token: owner.token });
    expect(gone.body.code).toBe(0);
    const after = await call(t.app, 'GET', `/scada/${named.body.data.id}`, { token: owner.token });
    expect(after.status).toBe(404);
  });

  it('another tenant gets 404 and cannot change or copy it', async () => {
    const list = await call<ListResult<ScadaRow>>(t.app, 'GET', '/scada', { token: other.token });
    expect(list.body.data.rows.map((r) => r.id)).not.toContain(id);
    for (const [method, url, body] of [
      ['GET', `/scada/${id}`, undefined],
      ['GET', `/scada/${id}/export`, undefined],
      ['PUT', `/scada/${id}`, { name: 'mine', document: templateDocument(), version: 2 }],
      ['POST', `/scada/${id}/copy`, {}],
      ['DELETE', `/scada/${id}`, undefined],
    ] as const) {
      const res = await call(t.app, method, url, { token: other.token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const stored = await call<ScadaDetail>(t.app, 'GET', `/scada/${id}`, { token: owner.token });
    expect(stored.body.data).toMatchObject({ name: 'Station three', version: 2 });
  });
});

describe('SCADA templates', () => {
  let deviceTemplateId: number;
  let deviceId: number;
  let scadaTemplateId: number;

  beforeAll(async () => {
    const tpl = await call<TemplateRow>(t.app, 'POST', '/device/template', {
      token: owner.token,
      body: {
        name: 'Meter',
        kind: 'gateway',
        gateway_protocol: 'Modbus_RTU',
        slaves: [
          {
            name: 'meter',
            slave_id: 1,
            points: [
              { name: 'ua', area: '4X', address: 0, data_type: 'float', unit: 'V' },
              { name: 'ia', area: '3X', address: 6, data_type: 'float', unit: 'A' },
            ],
          },
        ],
        points: [],
      },
    });
    deviceTemplateId = tpl.body.data.id;
    deviceId = (await createDevice(t.database, { ownerUserId: owner.user.id, gatewayProtocol: 'Modbus_RTU' }))
      .id;
    const applied = await call(t.app, 'POST', `/device/${deviceId}/slavedevice/batch`, {
      token: owner.token,
      body: { gateway_temp_id: deviceTemplateId, mode: 'save' },
    });
    expect(applied.body.code).toBe(0);
  });

  it('a template must name a visible device template; an app names none', async () => {
    const missing = await create(owner.token, { kind: 'template', name: 'T' });
    expect(missing.body).toMatchObject({ code: 10002, msg_key: 'scada.templateRequired' });
    const foreign = await create(other.token, { kind: 'template', name: 'T', template_id: deviceTemplateId });
    expect(foreign.body).toMatchObject({ code: 10002, msg_key: 'scada.unknownTemplate' });
    const app = await create(owner.token, { kind: 'app', name: 'A', template_id: deviceTemplateId });
    expect(app.body).toMatchObject({ code: 10002, msg_key: 'scada.templateNotAllowed' });
  });

  it('resolves a template drawing for a device of its device template', async () => {
    const res = await create(owner.token, {
      kind: 'template',
      name: 'Meter view',
      template_id: deviceTemplateId,
      document: templateDocument(),
    });
    expect(res.body.data).toMatchObject({ kind: 'template', template_id: deviceTemplateId });
    scadaTemplateId = res.body.data.id;
    const points = await call<ListResult<{ id: number; name: string }>>(
      t.app,
      'GET',
      `/device/${deviceId}/datapoint`,
      { token: owner.token },
    );
    const idOf = (name: string) => String(points.body.data.rows.find((p) => p.name === name)!.id);
    const resolved = await call<ScadaResolved>(
      t.app,
      'GET',
      `/scada/${scadaTemplateId}/resolve?device_id=${deviceId}`,
      { token: owner.token },
    );
    expect(resolved.body.code).toBe(0);
    expect(resolved.body.data.missing).toEqual(['nope']);
    const els = (
      resolved.body.data.document as ReturnType<typeof templateDocument> & {
        pages: { main: { elements: Record<string, { bindings: { point: unknown }[] }> } };
      }
    ).pages.main.elements;
    expect(els.r1!.bindings[0]!.point).toEqual({ by: 'id', pointId: idOf('ua') });
    expect(els.t1!.bindings[0]!.point).toEqual({ by: 'id', pointId: idOf('ia') });
    expect(els.t2!.bindings[0]!.point).toEqual({ by: 'name', name: 'nope' });
  });

  it('lists the points a template shows on a device, with their device, and an app’s points by id', async () => {
    const answer = await call<ScadaPoints>(
      t.app,
      'GET',
      `/scada/${scadaTemplateId}/points?device_id=${deviceId}`,
      { token: owner.token },
    );
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0 });
    expect(answer.body.data.devices).toEqual([expect.objectContaining({ id: deviceId })]);
    expect(answer.body.data.points.map((p) => p.name).sort()).toEqual(['ia', 'ua']);
    expect(answer.body.data.points[0]).toMatchObject({ device_id: deviceId });
    const ua = answer.body.data.points.find((p) => p.name === 'ua')!;
    const app = await create(owner.token, {
      kind: 'app',
      name: 'by id',
      document: {
        schemaVersion: SCADA_SCHEMA_VERSION,
        pages: {
          main: {
            name: 'Main',
            canvas: { w: 100, h: 100, background: '#ffffff' },
            elements: {
              r1: {
                kind: 'rectangle',
                frame: { x: 0, y: 0, w: 10, h: 10, rotation: 0 },
                fill: '#cccccc',
                stroke: '#000000',
                strokeWidth: 1,
                bindings: [
                  {
                    point: { by: 'id', pointId: String(ua.id) },
                    map: { kind: 'boolean', prop: 'visible', invert: false },
                  },
                ],
              },
            },
            order: ['r1'],
          },
        },
        pageOrder: ['main'],
      },
    });
    expect(app.body.code).toBe(0);
    const mine = await call<ScadaPoints>(t.app, 'GET', `/scada/${app.body.data.id}/points`, {
      token: owner.token,
    });
    expect(mine.body.data.points.map((p) => p.id)).toEqual([ua.id]);
    expect(mine.body.data.devices).toEqual([expect.objectContaining({ id: deviceId, locked: false })]);
    // Service expired past the grace period (7 days): the runtime is told the device's data is locked
    // (the rule of /device/history/series); a renewal unlocks it.
    const setExpiry = (days: number) =>
      t.database.db
        .update(devices)
        .set({ expireAt: new Date(t.clock().getTime() + days * 86_400_000) })
        .where(eq(devices.id, deviceId));
    const pointsNow = () =>
      call<ScadaPoints>(t.app, 'GET', `/scada/${app.body.data.id}/points`, { token: owner.token });
    await setExpiry(-8);
    expect((await pointsNow()).body.data.devices).toEqual([
      expect.objectContaining({ id: deviceId, locked: true }),
    ]);
    const series = await call(
      t.app,
      'GET',
      `/device/history/series?point_ids=${ua.id}&starttime=${encodeURIComponent(new Date(t.clock().getTime() - 3_600_000).toISOString())}&endtime=${encodeURIComponent(t.clock().toISOString())}`,
      { token: owner.token },
    );
    expect(series.body).toMatchObject({ code: 20000, msg_key: 'device.dataLocked' });
    await setExpiry(-6); // inside the grace period
    expect((await pointsNow()).body.data.devices[0]!.locked).toBe(false);
    await setExpiry(365);
    // Another tenant's copy of the same document sees neither the point nor the device.
    const theirs = await create(other.token, { kind: 'app', name: 'x', document: app.body.data.document });
    const none = await call<ScadaPoints>(t.app, 'GET', `/scada/${theirs.body.data.id}/points`, {
      token: other.token,
    });
    expect(none.body.data).toEqual({ devices: [], points: [] });
  });

  it('names the templates drawn for a device (its map popup links there); none without, 404 for another tenant', async () => {
    const found = await call<{ rows: { id: number; name: string }[] }>(
      t.app,
      'GET',
      `/scada/for-device?device_id=${deviceId}`,
      { token: owner.token },
    );
    expect(found.body.data.rows).toContainEqual({ id: scadaTemplateId, name: 'Meter view' });
    expect(Object.keys(found.body.data.rows[0]!)).toEqual(['id', 'name']);
    const plain = (await createDevice(t.database, { ownerUserId: owner.user.id })).id;
    const none = await call<{ rows: unknown[] }>(t.app, 'GET', `/scada/for-device?device_id=${plain}`, {
      token: owner.token,
    });
    expect(none.body.data.rows).toEqual([]);
    const theirs = await call(t.app, 'GET', `/scada/for-device?device_id=${deviceId}`, {
      token: other.token,
    });
    expect(theirs.status).toBe(404);
  });

  it('refuses a device of another template, an app, and a device of another tenant', async () => {
    const plain = (await createDevice(t.database, { ownerUserId: owner.user.id })).id;
    const wrong = await call(t.app, 'GET', `/scada/${scadaTemplateId}/resolve?device_id=${plain}`, {
      token: owner.token,
    });
    expect(wrong.body).toMatchObject({ code: 10002, msg_key: 'scada.deviceNotOfTemplate' });
    const app = await create(owner.token, { kind: 'app', name: 'not a template' });
    const notTemplate = await call(t.app, 'GET', `/scada/${app.body.data.id}/resolve?device_id=${deviceId}`, {
      token: owner.token,
    });
    expect(notTemplate.body).toMatchObject({ code: 20000, msg_key: 'scada.notTemplate' });
    const foreignDevice = (await createDevice(t.database, { ownerUserId: other.user.id })).id;
    const foreign = await call(t.app, 'GET', `/scada/${scadaTemplateId}/resolve?device_id=${foreignDevice}`, {
      token: owner.token,
    });
    expect(foreign.status).toBe(404);
  });

  it('publishes a template as one app per device, resolved for each; all or nothing', async () => {
    const second = (
      await createDevice(t.database, { ownerUserId: owner.user.id, gatewayProtocol: 'Modbus_RTU' })
    ).id;
    const applied = await call(t.app, 'POST', `/device/${second}/slavedevice/batch`, {
      token: owner.token,
      body: { gateway_temp_id: deviceTemplateId, mode: 'save' },
    });
    expect(applied.body.code).toBe(0);
    const count = async () =>
      (await call<ListResult<ScadaRow>>(t.app, 'GET', '/scada?kind=app&limit=100', { token: owner.token }))
        .body.data.total;
    const before = await count();

    // A device of another template anywhere in the list: nothing is created.
    const plain = (await createDevice(t.database, { ownerUserId: owner.user.id })).id;
    const refused = await call(t.app, 'POST', `/scada/${scadaTemplateId}/publish`, {
      token: owner.token,
      body: { device_ids: [deviceId, plain] },
    });
    expect(refused.body).toMatchObject({ code: 10002, msg_key: 'scada.deviceNotOfTemplate' });
    expect(await count()).toBe(before);
    const foreignDevice = (await createDevice(t.database, { ownerUserId: other.user.id })).id;
    const foreign = await call(t.app, 'POST', `/scada/${scadaTemplateId}/publish`, {
      token: owner.token,
      body: { device_ids: [foreignDevice] },
    });
    expect(foreign.status).toBe(404);
    const byOther = await call(t.app, 'POST', `/scada/${scadaTemplateId}/publish`, {
      token: other.token,
      body: { device_ids: [deviceId] },
    });
    expect(byOther.status).toBe(404);

    const res = await call<{ apps: ScadaRow[] }>(t.app, 'POST', `/scada/${scadaTemplateId}/publish`, {
      token: owner.token,
      body: { device_ids: [deviceId, second, deviceId] },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data.apps).toHaveLength(2);
    expect(await count()).toBe(before + 2);
    for (const [i, app] of res.body.data.apps.entries()) {
      expect(app).toMatchObject({ kind: 'app', template_id: null, version: 1 });
      expect(app.name.startsWith('Meter view · ')).toBe(true);
      const device = [deviceId, second][i]!;
      const points = await call<ListResult<{ id: number; name: string }>>(
        t.app,
        'GET',
        `/device/${device}/datapoint`,
        {
          token: owner.token,
        },
      );
      const ua = String(points.body.data.rows.find((p) => p.name === 'ua')!.id);
      const detail = await call<ScadaDetail>(t.app, 'GET', `/scada/${app.id}`, { token: owner.token });
      const els = (
        detail.body.data.document as {
          pages: { main: { elements: Record<string, { bindings: { point: unknown }[] }> } };
        }
      ).pages.main.elements;
      // Each app shows its own device's values: the names became that device's point ids.
      expect(els.r1!.bindings[0]!.point).toEqual({ by: 'id', pointId: ua });
    }
    const notTemplate = await call(t.app, 'POST', `/scada/${res.body.data.apps[0]!.id}/publish`, {
      token: owner.token,
      body: { device_ids: [deviceId] },
    });
    expect(notTemplate.body).toMatchObject({ code: 20000, msg_key: 'scada.notTemplate' });
    const empty = await call(t.app, 'POST', `/scada/${scadaTemplateId}/publish`, {
      token: owner.token,
      body: { device_ids: [] },
    });
    expect(empty.body.code).toBe(10002);
  });
});

describe('SCADA sharing, permissions and limits', () => {
  it('a sub-account works in its parent’s data; a customer below sees nothing of the parent', async () => {
    const parent = await createScadaUser(t);
    const sub = await createScadaUser(t, { parentId: parent.user.id, isSubuser: true });
    const customer = await createScadaUser(t, { parentId: parent.user.id });
    const bySub = await create(sub.token, { kind: 'app', name: 'made by the sub-account' });
    expect(bySub.body.data.owner_user_id).toBe(parent.user.id);
    const byParent = await create(parent.token, { kind: 'app', name: 'made by the parent' });
    const subList = await call<ListResult<ScadaRow>>(t.app, 'GET', '/scada', { token: sub.token });
    expect(subList.body.data.rows.map((r) => r.id).sort()).toEqual(
      [bySub.body.data.id, byParent.body.data.id].sort(),
    );
    const rename = await call(t.app, 'PUT', `/scada/${byParent.body.data.id}`, {
      token: sub.token,
      body: { name: 'renamed by the sub-account' },
    });
    expect(rename.body.code).toBe(0);
    const mine = await create(customer.token, { kind: 'app', name: 'customer' });
    const parentList = await call<ListResult<ScadaRow>>(t.app, 'GET', '/scada', { token: parent.token });
    expect(parentList.body.data.total).toBe(3);
    expect(parentList.body.data.rows.map((r) => r.id)).toContain(mine.body.data.id);
    const customerList = await call<ListResult<ScadaRow>>(t.app, 'GET', '/scada', { token: customer.token });
    expect(customerList.body.data.rows.map((r) => r.id)).toEqual([mine.body.data.id]);
    const denied = await call(t.app, 'GET', `/scada/${byParent.body.data.id}`, { token: customer.token });
    expect(denied.status).toBe(404);
  });

  it('reading needs IndScada; writing needs ScadaManager as well', async () => {
    const reader = await createScadaUser(t, { permissions: SCADA_READ });
    const nobody = await createScadaUser(t, { permissions: ['DeviceManage'] });
    expect((await call(t.app, 'GET', '/scada', { token: reader.token })).body.code).toBe(0);
    expect((await call(t.app, 'GET', '/scada', { token: nobody.token })).body.code).toBe(10001);
    expect((await create(reader.token, { kind: 'app', name: 'x' })).body.code).toBe(10001);
    expect((await create(nobody.token, { kind: 'app', name: 'x' })).body.code).toBe(10001);
  });

  it('the read-only demo account reads but cannot write', async () => {
    const demo = await createScadaUser(t, { isDemo: true });
    expect((await call(t.app, 'GET', '/scada', { token: demo.token })).body.code).toBe(0);
    expect((await create(demo.token, { kind: 'app', name: 'demo' })).body.code).toBe(10001);
    const list = await call<ListResult<ScadaRow>>(t.app, 'GET', '/scada', { token: demo.token });
    expect(list.body.data.total).toBe(0);
  });

  it('the scada_limit of the user stops create, copy and import', async () => {
    const limited = await createScadaUser(t, { scadaLimit: 1 });
    const first = await create(limited.token, { kind: 'app', name: 'one' });
    expect(first.body.code).toBe(0);
    const second = await create(limited.token, { kind: 'app', name: 'two' });
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({
      code: 20000,
      msg_key: 'scada.limitReached',
      msg_params: { limit: 1, used: 1 },
    });
    const copy = await call(t.app, 'POST', `/scada/${first.body.data.id}/copy`, {
      token: limited.token,
      body: {},
    });
    expect(copy.body).toMatchObject({ code: 20000, msg_key: 'scada.limitReached' });
    const imported = await call(t.app, 'POST', '/scada/import', {
      token: limited.token,
      body: { format: 'fleet-scada', version: 1, kind: 'app', name: 'i', document: templateDocument() },
    });
    expect(imported.body).toMatchObject({ code: 20000, msg_key: 'scada.limitReached' });
    const list = await call<ListResult<ScadaRow>>(t.app, 'GET', '/scada', { token: limited.token });
    expect(list.body.data.total).toBe(1);
  });

  it('an ancestor’s scada_limit counts apps and templates of its whole subtree', async () => {
    const top = await createScadaUser(t, { scadaLimit: 3 });
    const left = await createScadaUser(t, { parentId: top.user.id });
    const right = await createScadaUser(t, { parentId: top.user.id, scadaLimit: 10 });
    expect((await create(top.token, { kind: 'app', name: 'top' })).body.code).toBe(0);
    const leftTemplate = await call<TemplateRow>(t.app, 'POST', '/device/template', {
      token: left.token,
      body: { name: 'left meter', kind: 'device', points: [] },
    });
    const leftDrawing = await create(left.token, {
      kind: 'template',
      name: 'left',
      template_id: leftTemplate.body.data.id,
    });
    expect(leftDrawing.body.code).toBe(0);
    expect((await create(right.token, { kind: 'app', name: 'right' })).body.code).toBe(0);
    const over = await create(right.token, { kind: 'app', name: 'right 2' });
    expect(over.body).toMatchObject({
      code: 20000,
      msg_key: 'scada.limitReached',
      msg_params: { limit: 3, used: 3 },
    });
    const overLeft = await create(left.token, { kind: 'app', name: 'left 2' });
    expect(overLeft.body).toMatchObject({ code: 20000, msg_params: { limit: 3, used: 3 } });
    const list = await call<ListResult<ScadaRow>>(t.app, 'GET', '/scada', { token: top.token });
    expect(list.body.data.total).toBe(3);
    // Deleting one frees a place below the limit.
    const firstOfLeft = (await call<ListResult<ScadaRow>>(t.app, 'GET', '/scada', { token: left.token })).body
      .data.rows[0]!;
    expect((await call(t.app, 'DELETE', `/scada/${firstOfLeft.id}`, { token: left.token })).body.code).toBe(
      0,
    );
    expect((await create(right.token, { kind: 'app', name: 'right 2' })).body.code).toBe(0);
  });
});

describe('SCADA OpenAPI', () => {
  it('lists the routes with their schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of [
      '/api/v1/scada',
      '/api/v1/scada/import',
      '/api/v1/scada/{id}',
      '/api/v1/scada/{id}/copy',
      '/api/v1/scada/{id}/export',
      '/api/v1/scada/{id}/resolve',
      '/api/v1/scada/{id}/points',
      '/api/v1/scada/{id}/publish',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const put = doc.paths['/api/v1/scada/{id}'].put;
    expect(put.requestBody.content['application/json'].schema.properties).toHaveProperty('version');
  });
});
