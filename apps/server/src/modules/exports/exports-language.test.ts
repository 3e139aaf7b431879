import type { ExportJobRow, ListResult } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createExportUser, createPoint } from './exports.fixtures.js';

// Issue 16: data the platform creates is named in the user's language. The web app sends its chosen
// language as Accept-Language on every call; a `lang` in the body still wins.
let t: TestApp;
let owner: Awaited<ReturnType<typeof createExportUser>>;
let body: object;

const post = (extra: object, headers: Record<string, string> = {}) =>
  call<ExportJobRow>(t.app, 'POST', '/dataCenter/export', {
    token: owner.token,
    body: { ...body, ...extra },
    headers,
  });
const fileNameOf = async (id: number) => {
  const list = await call<ListResult<ExportJobRow>>(t.app, 'GET', '/dataCenter/fileDownload?limit=100', {
    token: owner.token,
  });
  return list.body.data.rows.find((r) => r.id === id)?.file_name;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await createExportUser(t, ['ExportFile', 'DeviceManage']);
  const boiler = await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Boiler' });
  const point = await createPoint(t.database, boiler.id, { name: 'temp' });
  body = {
    kind: 'history',
    params: {
      point_ids: String(point.id),
      starttime: '2026-03-01T00:00:00Z',
      endtime: '2026-03-01T01:00:00Z',
    },
    format: 'csv',
  };
});

afterAll(async () => {
  await t?.close();
});

describe('export jobs in the language of the user', () => {
  it('names a job without `lang` (title and file) in the Accept-Language of the request', async () => {
    const spanish = await post({}, { 'accept-language': 'es-ES,es;q=0.9' });
    expect(spanish.body.data.title).toBe('Histórico');
    await t.app.exportWorker.runOnce();
    expect(await fileNameOf(spanish.body.data.id)).toMatch(/^Histórico-\d{8}-\d{4}\.csv$/);
  });

  it('lets a `lang` in the body win, and falls back to zh (SPEC 1) without either', async () => {
    const english = await post({ lang: 'en' }, { 'accept-language': 'zh-CN' });
    expect(english.body.data.title).toBe('History');
    const bare = await post({});
    expect(bare.body.data.title).toBe('历史数据');
    await t.app.exportWorker.runOnce();
  });
});
