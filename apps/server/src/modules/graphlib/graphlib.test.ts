import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  GRAPHLIB_MAX_BYTES,
  type GraphlibCategoryRow,
  type GraphlibItemRow,
  type ListResult,
} from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createScadaUser, SCADA_READ } from '../scada/scada.fixtures.js';
import { sha256 } from './graphlib.files.js';
import { createCategory, PNG_BYTES, svgOf, upload, uploadParts } from './graphlib.fixtures.js';
import { createGraphlibStore, graphlibStoreDir } from './graphlib.store.js';
import { SVG_PAYLOADS } from './svg-payloads.fixtures.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createScadaUser>>;
let other: Awaited<ReturnType<typeof createScadaUser>>;
let pumps: GraphlibCategoryRow;
let valves: GraphlibCategoryRow;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createScadaUser(t);
  other = await createScadaUser(t);
  pumps = await createCategory(t.app, owner.token, 'Pumps');
  valves = await createCategory(t.app, owner.token, 'Valves');
});
afterAll(async () => {
  await t?.close();
});

/** Every stored file of the graph library's store. */
function storedFiles(): string[] {
  const root = graphlibStoreDir(t.dataDir);
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((dir) => readdirSync(join(root, dir)));
}

const served = (url: string) => t.app.inject({ method: 'GET', url });

describe('graph library categories', () => {
  it('creates, lists, renames; a second category of the same name is refused', async () => {
    const list = await call<ListResult<GraphlibCategoryRow>>(t.app, 'GET', '/scada/graphlib/category', {
      token: owner.token,
    });
    expect(list.body.data.rows.map((r) => r.name)).toEqual(['Pumps', 'Valves']);
    expect(list.body.data.rows[0]).toMatchObject({ owner_user_id: owner.user.id, item_count: 0 });
    const twice = await call(t.app, 'POST', '/scada/graphlib/category', {
      token: owner.token,
      body: { name: 'Pumps' },
    });
    expect(twice.body).toMatchObject({ code: 20000, msg_key: 'graphlib.categoryExists' });
    const extra = await createCategory(t.app, owner.token, 'Extra');
    const renamed = await call<GraphlibCategoryRow>(t.app, 'PUT', `/scada/graphlib/category/${extra.id}`, {
      token: owner.token,
      body: { name: 'Motors' },
    });
    expect(renamed.body.data).toMatchObject({ id: extra.id, name: 'Motors' });
    const clash = await call(t.app, 'PUT', `/scada/graphlib/category/${extra.id}`, {
      token: owner.token,
      body: { name: 'Valves' },
    });
    expect(clash.body).toMatchObject({ code: 20000, msg_key: 'graphlib.categoryExists' });
    const gone = await call(t.app, 'DELETE', `/scada/graphlib/category/${extra.id}`, { token: owner.token });
    expect(gone.body.code).toBe(0);
  });
});

describe('graph library uploads', () => {
  let svgItem: GraphlibItemRow;
  let pngItem: GraphlibItemRow;

  it('uploads an SVG and a PNG, served with their type and safe headers', async () => {
    const svg = await upload(t.app, owner.token, pumps.id, { data: svgOf(1), filename: 'Pump A.svg' });
    expect(svg.body.code).toBe(0);
    svgItem = svg.body.data;
    expect(svgItem).toMatchObject({
      name: 'Pump A',
      kind: 'svg',
      category_id: pumps.id,
      owner_user_id: owner.user.id,
      url: `/upload/graphlib/${svgItem.hash}.svg`,
    });
    expect(svgItem.hash).toMatch(/^[0-9a-f]{64}$/);
    const png = await upload(
      t.app,
      owner.token,
      pumps.id,
      { data: PNG_BYTES, filename: 'lamp.png', type: 'image/png' },
      'Lamp',
    );
    expect(png.body.data).toMatchObject({ name: 'Lamp', kind: 'png', size: PNG_BYTES.length });
    pngItem = png.body.data;
    expect(pngItem.hash).toBe(sha256(PNG_BYTES));

    const svgFile = await served(svgItem.url);
    expect(svgFile.statusCode).toBe(200);
    expect(svgFile.headers['content-type']).toBe('image/svg+xml');
    expect(svgFile.headers['x-content-type-options']).toBe('nosniff');
    expect(svgFile.headers['content-security-policy']).toBe('sandbox');
    expect(svgFile.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(svgFile.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(sha256(svgFile.rawPayload)).toBe(svgItem.hash);
    const pngFile = await served(pngItem.url);
    expect(pngFile.headers['content-type']).toBe('image/png');
    expect(pngFile.headers['content-security-policy']).toBe('sandbox');
    expect(pngFile.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('lists with search, category, kind and paging', async () => {
    for (let i = 2; i <= 12; i += 1)
      expect(
        (await upload(t.app, owner.token, valves.id, { data: svgOf(i), filename: `valve ${i}.svg` })).body
          .code,
      ).toBe(0);
    const list = (q: string) =>
      call<ListResult<GraphlibItemRow>>(t.app, 'GET', `/scada/graphlib${q}`, { token: owner.token });
    expect((await list('')).body.data.total).toBe(13);
    const inValves = await list(`?category_id=${valves.id}&limit=10&page=2`);
    expect(inValves.body.data.total).toBe(11);
    expect(inValves.body.data.rows).toHaveLength(1);
    expect((await list('?search=pump')).body.data.rows.map((r) => r.id)).toEqual([svgItem.id]);
    expect((await list('?kind=png')).body.data.rows.map((r) => r.id)).toEqual([pngItem.id]);
    const one = await call<GraphlibItemRow>(t.app, 'GET', `/scada/graphlib/${svgItem.id}`, {
      token: owner.token,
    });
    expect(one.body.data).toEqual(svgItem);
    const cats = await call<ListResult<GraphlibCategoryRow>>(t.app, 'GET', '/scada/graphlib/category', {
      token: owner.token,
    });
    expect(cats.body.data.rows.find((c) => c.id === valves.id)?.item_count).toBe(11);
  });

  it('stores equal content once: a repeat in one category is the same row, another category a new row', async () => {
    const before = storedFiles().length;
    const again = await upload(t.app, owner.token, pumps.id, { data: svgOf(1), filename: 'again.svg' });
    expect(again.body.data.id).toBe(svgItem.id);
    const elsewhere = await upload(t.app, owner.token, valves.id, { data: svgOf(1), filename: 'copy.svg' });
    expect(elsewhere.body.data.id).not.toBe(svgItem.id);
    expect(elsewhere.body.data.hash).toBe(svgItem.hash);
    expect(storedFiles().length).toBe(before);
    expect(storedFiles()).toContain(svgItem.hash);
    // Deleting one of the two rows keeps the file; deleting the last removes it.
    expect(
      (await call(t.app, 'DELETE', `/scada/graphlib/${elsewhere.body.data.id}`, { token: owner.token })).body
        .code,
    ).toBe(0);
    expect((await served(svgItem.url)).statusCode).toBe(200);
    expect(storedFiles()).toContain(svgItem.hash);
  });

  it('renames and moves within the owner’s categories', async () => {
    const res = await call<GraphlibItemRow>(t.app, 'PUT', `/scada/graphlib/${pngItem.id}`, {
      token: owner.token,
      body: { name: 'Green lamp', category_id: valves.id },
    });
    expect(res.body.data).toMatchObject({ name: 'Green lamp', category_id: valves.id, hash: pngItem.hash });
    const foreign = await createCategory(t.app, other.token, 'Foreign');
    const moved = await call(t.app, 'PUT', `/scada/graphlib/${pngItem.id}`, {
      token: owner.token,
      body: { category_id: foreign.id },
    });
    expect(moved.body).toMatchObject({ code: 10002, msg_key: 'graphlib.unknownCategory' });
    expect(moved.body.msg).toMatch(/^body\.category_id: /);
  });

  it('a category holding uploads is not deleted; the last row of a content takes its file along', async () => {
    const full = await call(t.app, 'DELETE', `/scada/graphlib/category/${pumps.id}`, { token: owner.token });
    expect(full.body).toMatchObject({
      code: 20000,
      msg_key: 'graphlib.categoryNotEmpty',
      msg_params: { count: 1 },
    });
    expect(
      (await call(t.app, 'DELETE', `/scada/graphlib/${svgItem.id}`, { token: owner.token })).body.code,
    ).toBe(0);
    expect(storedFiles()).not.toContain(svgItem.hash);
    expect((await served(svgItem.url)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/scada/graphlib/${svgItem.id}`, { token: owner.token })).status).toBe(
      404,
    );
    const empty = await call(t.app, 'DELETE', `/scada/graphlib/category/${pumps.id}`, { token: owner.token });
    expect(empty.body.code).toBe(0);
    pumps = await createCategory(t.app, owner.token, 'Pumps');
  });

  it('an upload racing the delete of its category: never both succeed, never a 5xx', async () => {
    for (let round = 0; round < 3; round += 1) {
      const category = await createCategory(t.app, owner.token, `Race ${round}`);
      const [up, gone] = await Promise.all([
        upload(t.app, owner.token, category.id, { data: svgOf(200 + round) }),
        call(t.app, 'DELETE', `/scada/graphlib/category/${category.id}`, { token: owner.token }),
      ]);
      expect(up.status).toBeLessThan(500);
      expect(gone.status).toBeLessThan(500);
      if (up.body.code === 0) {
        expect(gone.body).toMatchObject({ code: 20000, msg_key: 'graphlib.categoryNotEmpty' });
        await call(t.app, 'DELETE', `/scada/graphlib/${up.body.data.id}`, { token: owner.token });
      } else {
        expect(gone.body.code).toBe(0);
        expect(up.body).toMatchObject({ code: 10002, msg_key: 'graphlib.unknownCategory' });
      }
    }
  });
});

describe('bad uploads', () => {
  it('known SVG XSS payloads are cleaned or refused', async () => {
    const category = await createCategory(t.app, owner.token, 'Payloads');
    for (const payload of SVG_PAYLOADS) {
      const res = await upload(t.app, owner.token, category.id, { data: Buffer.from(payload.svg) });
      if (payload.expect === 'refused') {
        expect(res.body.code, payload.name).toBe(10002);
        expect(res.body.msg, payload.name).toMatch(/^body\.file: /);
        continue;
      }
      expect(res.body.code, `${payload.name}: ${res.body.msg}`).toBe(0);
      const file = await served(res.body.data.url);
      expect(file.body, payload.name).not.toMatch(payload.forbidden!);
    }
    const list = await call<ListResult<GraphlibItemRow>>(
      t.app,
      'GET',
      `/scada/graphlib?category_id=${category.id}`,
      {
        token: owner.token,
      },
    );
    expect(list.body.data.total).toBeGreaterThan(0);
  });

  it('refuses a DTD with its own message', async () => {
    const res = await upload(t.app, owner.token, pumps.id, {
      data: Buffer.from(
        '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
      ),
    });
    expect(res.body).toMatchObject({ code: 10002, msg_key: 'graphlib.entities' });
  });

  it('refuses more than 2 MB with a clear message and stores nothing', async () => {
    const before = storedFiles().length;
    const big = Buffer.alloc(GRAPHLIB_MAX_BYTES + 1, 0x20);
    PNG_BYTES.copy(big);
    const res = await upload(t.app, owner.token, pumps.id, {
      data: big,
      filename: 'big.png',
      type: 'image/png',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 10002, msg_key: 'graphlib.tooLarge', msg_params: { max: 2 } });
    expect(res.body.msg).toBe('body.file: the file is larger than 2 MB and was not stored');
    expect(storedFiles().length).toBe(before);
    const exact = Buffer.alloc(GRAPHLIB_MAX_BYTES, 0x20);
    PNG_BYTES.copy(exact);
    const fits = await upload(t.app, owner.token, pumps.id, {
      data: exact,
      filename: 'fits.png',
      type: 'image/png',
    });
    expect(fits.body.code).toBe(0);
    expect(fits.body.data.size).toBe(GRAPHLIB_MAX_BYTES);
  });

  it('refuses a file that is not what its type says, and other types', async () => {
    const cases: Array<[Parameters<typeof upload>[3], string]> = [
      [{ data: PNG_BYTES, filename: 'fake.svg', type: 'image/svg+xml' }, 'graphlib.notSvg'],
      [{ data: svgOf(50), filename: 'fake.png', type: 'image/png' }, 'graphlib.notPng'],
      [{ data: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'a.svg' }, 'graphlib.notSvg'],
      [{ data: Buffer.from('GIF89a'), filename: 'a.gif', type: 'image/gif' }, 'graphlib.unsupportedType'],
      [{ data: svgOf(51), filename: 'a.txt', type: 'text/plain' }, 'graphlib.unsupportedType'],
    ];
    for (const [file, key] of cases) {
      const res = await upload(t.app, owner.token, pumps.id, file);
      expect(res.body, file.filename).toMatchObject({ code: 10002, msg_key: key });
    }
    // The media type may be missing: the extension decides then.
    const byName = await upload(t.app, owner.token, pumps.id, {
      data: svgOf(52),
      filename: 'ok.svg',
      type: '',
    });
    expect(byName.body.data.kind).toBe('svg');
  });

  it('names the missing or wrong part', async () => {
    const noFile = await uploadParts(t.app, owner.token, [{ name: 'category_id', value: String(pumps.id) }]);
    expect(noFile.body).toMatchObject({ code: 10002, msg_key: 'graphlib.fileRequired' });
    const noCategory = await uploadParts(t.app, owner.token, [
      { name: 'file', filename: 'a.svg', data: svgOf(60) },
    ]);
    expect(noCategory.body.code).toBe(10002);
    expect(noCategory.body.msg).toMatch(/^body\.category_id: /);
    const twoFiles = await uploadParts(t.app, owner.token, [
      { name: 'category_id', value: String(pumps.id) },
      { name: 'file', filename: 'a.svg', data: svgOf(61) },
      { name: 'file', filename: 'b.svg', data: svgOf(62) },
    ]);
    expect(twoFiles.body.code).toBe(10002);
    const nul = await uploadParts(t.app, owner.token, [
      { name: 'category_id', value: String(pumps.id) },
      { name: 'name', value: 'a\u0000b' },
      { name: 'file', filename: 'a.svg', data: svgOf(63) },
    ]);
    expect(nul.body).toMatchObject({ code: 10002, msg: 'body.name: must not contain a NUL byte' });
    const json = await call(t.app, 'POST', '/scada/graphlib', {
      token: owner.token,
      body: { category_id: pumps.id },
    });
    expect(json.body).toMatchObject({ code: 10002, msg_key: 'graphlib.fileRequired' });
  });
});

describe('the public file route', () => {
  it('answers 404 for unknown or malformed names without reading outside the store', async () => {
    const png = await upload(t.app, owner.token, pumps.id, {
      data: PNG_BYTES,
      filename: 'p.png',
      type: 'image/png',
    });
    const hash = png.body.data.hash;
    for (const url of [
      `/upload/graphlib/${'0'.repeat(64)}.svg`,
      `/upload/graphlib/${hash}.svg`, // stored as a PNG, never served as SVG
      `/upload/graphlib/${hash.toUpperCase()}.png`,
      `/upload/graphlib/${hash}.html`,
      `/upload/graphlib/${hash}`,
      `/upload/graphlib/${hash}.png/x`,
      '/upload/graphlib/abc.svg',
      '/upload/graphlib/..%2F..%2F..%2Fetc%2Fpasswd',
      `/upload/graphlib/..%2Ffiles%2Fsha256%2F${hash.slice(0, 2)}%2F${hash}`,
      '/upload/graphlib/',
    ]) {
      const res = await served(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/image|html/);
    }
    expect((await served(`/upload/graphlib/${hash}.png`)).statusCode).toBe(200);
    // Dot segments spelled %2e leave /upload/graphlib once the URL is parsed: never an image from the store.
    for (const url of [
      '/upload/graphlib/%2e%2e/%2e%2e/secret-box.key',
      '/upload/graphlib/../../secret-box.key',
    ]) {
      const escaped = await served(url);
      expect(escaped.headers['content-type'], url).not.toMatch(/image/);
    }
  });

  it('the store itself never resolves a path from a malformed name', async () => {
    const store = createGraphlibStore(t.dataDir);
    expect(await store.read('../../secret.key')).toBeNull();
    expect(await store.read(`${'a'.repeat(63)}/`)).toBeNull();
    expect(await store.read('f'.repeat(64))).toBeNull();
  });
});

describe('graph library scope, permissions and limits', () => {
  it('another tenant cannot list, read, change or delete; the public URL is content-addressed', async () => {
    const mine = await upload(t.app, owner.token, valves.id, { data: svgOf(70), filename: 'secret.svg' });
    const id = mine.body.data.id;
    const list = await call<ListResult<GraphlibItemRow>>(t.app, 'GET', '/scada/graphlib', {
      token: other.token,
    });
    expect(list.body.data.rows.map((r) => r.id)).not.toContain(id);
    const cats = await call<ListResult<GraphlibCategoryRow>>(t.app, 'GET', '/scada/graphlib/category', {
      token: other.token,
    });
    expect(cats.body.data.rows.map((r) => r.id)).not.toContain(valves.id);
    for (const [method, url, body] of [
      ['GET', `/scada/graphlib/${id}`, undefined],
      ['PUT', `/scada/graphlib/${id}`, { name: 'mine' }],
      ['DELETE', `/scada/graphlib/${id}`, undefined],
      ['PUT', `/scada/graphlib/category/${valves.id}`, { name: 'mine' }],
      ['DELETE', `/scada/graphlib/category/${valves.id}`, undefined],
    ] as const) {
      const res = await call(t.app, method, url, { token: other.token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const into = await upload(t.app, other.token, valves.id, { data: svgOf(71) });
    expect(into.body).toMatchObject({ code: 10002, msg_key: 'graphlib.unknownCategory' });
    expect(
      (await call(t.app, 'GET', `/scada/graphlib/${id}`, { token: owner.token })).body.data,
    ).toMatchObject({
      name: 'secret',
    });
    // Anyone holding the URL gets the file: it names content, not an account (docs/api-scada.md).
    expect((await served(mine.body.data.url)).statusCode).toBe(200);
  });

  it('a sub-account uploads into its parent’s categories; the parent owns the row', async () => {
    const parent = await createScadaUser(t);
    const sub = await createScadaUser(t, { parentId: parent.user.id, isSubuser: true });
    const category = await createCategory(t.app, parent.token, 'Shared');
    const res = await upload(t.app, sub.token, category.id, { data: svgOf(80) });
    expect(res.body.data.owner_user_id).toBe(parent.user.id);
    const byParent = await call<ListResult<GraphlibItemRow>>(t.app, 'GET', '/scada/graphlib', {
      token: parent.token,
    });
    expect(byParent.body.data.rows.map((r) => r.id)).toEqual([res.body.data.id]);
  });

  it('reading needs IndScada; writing needs ScadaManager as well; the demo account only reads', async () => {
    const reader = await createScadaUser(t, { permissions: SCADA_READ });
    const nobody = await createScadaUser(t, { permissions: ['DeviceManage'] });
    const demo = await createScadaUser(t, { isDemo: true });
    expect((await call(t.app, 'GET', '/scada/graphlib', { token: reader.token })).body.code).toBe(0);
    expect((await call(t.app, 'GET', '/scada/graphlib/category', { token: reader.token })).body.code).toBe(0);
    expect((await call(t.app, 'GET', '/scada/graphlib', { token: nobody.token })).body.code).toBe(10001);
    for (const user of [reader, nobody, demo]) {
      const category = await call(t.app, 'POST', '/scada/graphlib/category', {
        token: user.token,
        body: { name: 'x' },
      });
      expect(category.body.code).toBe(10001);
      expect((await upload(t.app, user.token, pumps.id, { data: svgOf(90) })).body.code).toBe(10001);
    }
  });

  it('the graph_limit of the user stops uploads; a repeat of stored content is not one more', async () => {
    const limited = await createScadaUser(t, { graphLimit: 1 });
    const category = await createCategory(t.app, limited.token, 'L');
    expect((await upload(t.app, limited.token, category.id, { data: svgOf(100) })).body.code).toBe(0);
    const over = await upload(t.app, limited.token, category.id, { data: svgOf(101) });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({
      code: 20000,
      msg_key: 'graphlib.limitReached',
      msg_params: { limit: 1, used: 1 },
    });
    expect((await upload(t.app, limited.token, category.id, { data: svgOf(100) })).body.code).toBe(0);
    const list = await call<ListResult<GraphlibItemRow>>(t.app, 'GET', '/scada/graphlib', {
      token: limited.token,
    });
    expect(list.body.data.total).toBe(1);
  });

  it('of two concurrent uploads at the last free place exactly one is stored', async () => {
    const limited = await createScadaUser(t, { graphLimit: 1 });
    const category = await createCategory(t.app, limited.token, 'Race');
    const answers = await Promise.all(
      [120, 121].map((n) => upload(t.app, limited.token, category.id, { data: svgOf(n) })),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 20000]);
    const list = await call<ListResult<GraphlibItemRow>>(t.app, 'GET', '/scada/graphlib', {
      token: limited.token,
    });
    expect(list.body.data.total).toBe(1);
  });

  it('an ancestor’s graph_limit counts the uploads of its whole subtree', async () => {
    const top = await createScadaUser(t, { graphLimit: 2 });
    const child = await createScadaUser(t, { parentId: top.user.id, graphLimit: 10 });
    const topCategory = await createCategory(t.app, top.token, 'Top');
    const childCategory = await createCategory(t.app, child.token, 'Child');
    expect((await upload(t.app, top.token, topCategory.id, { data: svgOf(110) })).body.code).toBe(0);
    expect((await upload(t.app, child.token, childCategory.id, { data: svgOf(111) })).body.code).toBe(0);
    const over = await upload(t.app, child.token, childCategory.id, { data: svgOf(112) });
    expect(over.body).toMatchObject({
      code: 20000,
      msg_key: 'graphlib.limitReached',
      msg_params: { limit: 2, used: 2 },
    });
    // The agent uploading into its customer's category counts for the customer (the owner) too.
    const viaTop = await upload(t.app, top.token, childCategory.id, { data: svgOf(113) });
    expect(viaTop.body).toMatchObject({ code: 20000, msg_key: 'graphlib.limitReached' });
    const first = (
      await call<ListResult<GraphlibItemRow>>(t.app, 'GET', '/scada/graphlib', { token: child.token })
    ).body.data.rows[0]!;
    expect(
      (await call(t.app, 'DELETE', `/scada/graphlib/${first.id}`, { token: child.token })).body.code,
    ).toBe(0);
    expect((await upload(t.app, child.token, childCategory.id, { data: svgOf(112) })).body.code).toBe(0);
  });
});

describe('the file sweep', () => {
  it('removes old files no row holds and old temporary files; keeps used and recent ones', async () => {
    const root = graphlibStoreDir(t.dataDir);
    const used = await upload(t.app, owner.token, valves.id, { data: svgOf(300) });
    const usedHash = used.body.data.hash;
    const orphan = sha256(Buffer.from('orphan'));
    const recent = sha256(Buffer.from('recent orphan'));
    for (const hash of [orphan, recent]) {
      mkdirSync(join(root, hash.slice(0, 2)), { recursive: true });
      writeFileSync(join(root, hash.slice(0, 2), hash), 'x');
    }
    const temp = join(root, usedHash.slice(0, 2), '.left-by-a-crash.tmp');
    writeFileSync(temp, 'x');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const file of [
      join(root, orphan.slice(0, 2), orphan),
      join(root, usedHash.slice(0, 2), usedHash),
      temp,
    ])
      utimesSync(file, old, old);
    expect(await t.app.graphlibSweep()).toBe(2);
    const left = storedFiles();
    expect(left).not.toContain(orphan);
    expect(left).not.toContain('.left-by-a-crash.tmp');
    expect(left).toContain(usedHash);
    expect(left).toContain(recent);
    expect((await served(used.body.data.url)).statusCode).toBe(200);
  });
});

describe('graph library OpenAPI', () => {
  it('lists the routes, and not the public file route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of [
      '/api/v1/scada/graphlib',
      '/api/v1/scada/graphlib/{id}',
      '/api/v1/scada/graphlib/category',
      '/api/v1/scada/graphlib/category/{id}',
    ])
      expect(doc.paths, path).toHaveProperty([path]);
    expect(Object.keys(doc.paths).some((p) => p.includes('/upload/'))).toBe(false);
  });
});
