import type { ScadaDetail } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createScadaUser } from './scada.fixtures.js';

// Issue 16: what the platform names for a user (a new drawing's first page, a copy, an unnamed import)
// is named in the caller's language: Accept-Language, which the web app sets; zh (SPEC 1) without it.
let t: TestApp;
let owner: Awaited<ReturnType<typeof createScadaUser>>;

const post = (url: string, body: object | undefined, lang?: string) =>
  call<ScadaDetail>(t.app, 'POST', url, {
    token: owner.token,
    body,
    headers: lang ? { 'accept-language': lang } : {},
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await createScadaUser(t);
});
afterAll(async () => {
  await t?.close();
});

describe('SCADA names in the language of the user', () => {
  it('names the first page of a new drawing, a copy and an unnamed import', async () => {
    const spanish = await post('/scada', { kind: 'app', name: 'Estación' }, 'es-ES,es;q=0.9,en;q=0.8');
    expect(spanish.body.data.document).toMatchObject({ pages: { main: { name: 'Principal' } } });
    const chinese = await post('/scada', { kind: 'app', name: '泵站' });
    expect(chinese.body.data.document).toMatchObject({ pages: { main: { name: '主页面' } } });

    const copy = await post(`/scada/${spanish.body.data.id}/copy`, {}, 'es');
    expect(copy.body.data.name).toBe('Estación (copia)');
    const zhCopy = await post(`/scada/${chinese.body.data.id}/copy`, undefined, 'zh-CN');
    expect(zhCopy.body.data.name).toBe('泵站(副本)');

    const file = {
      format: 'fleet-scada',
      version: 1,
      kind: 'app',
      template_id: null,
      document: spanish.body.data.document,
    };
    const imported = await post('/scada/import', file, 'en-GB');
    expect(imported.body).toMatchObject({ code: 0, data: { name: 'Imported' } });
    const importado = await post('/scada/import', file, 'es');
    expect(importado.body.data.name).toBe('Importado');
  });
});
