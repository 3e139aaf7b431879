import type { ScadaRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '../../../shared/api/client';
import { flattenMessages, placeholdersOf } from '../../../shared/i18n/message-keys';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import { registerScadaListBundle, scadaListBundle } from './i18n';
import { ScadaListPage } from './ScadaListPage';

registerScadaListBundle();

const json = (data: unknown, code = 0, msg = 'ok', extra: object = {}) =>
  new Response(JSON.stringify({ code, msg, data, ...extra }), {
    status: code === 0 ? 200 : 422,
    headers: { 'Content-Type': 'application/json' },
  });

const row = (id: number, over: Partial<ScadaRow> = {}): ScadaRow => ({
  id,
  kind: 'app',
  name: `Drawing ${id}`,
  template_id: null,
  owner_user_id: 2,
  version: 1,
  thumbnail: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  ...over,
});

type Route = (url: URL, init: RequestInit) => Response | undefined;
function stubServer(route: Route = () => undefined) {
  const calls: { method: string; path: string; query: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://x');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init.method ?? 'GET', path: url.pathname, query: url.search, body });
    const answer = route(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/v1/scada') return json({ rows: [row(1, { name: 'Pump station' })], total: 1 });
    if (url.pathname === '/api/v1/device/template')
      return json({ rows: [{ id: 5, name: 'Boiler' }], total: 1 });
    return json(null, 50000, 'not found');
  });
  return calls;
}

function renderPage(
  access: { authList?: string[]; roles?: string[]; readOnly?: boolean },
  kind: 'app' | 'template' = 'app',
) {
  const router = createMemoryRouter(
    [
      { path: '/scada/:kind', element: <ScadaListPage kind={kind} /> },
      { path: '/scada/view/:id', element: <div data-testid="runtime-view" /> },
    ],
    { initialEntries: [`/scada/${kind}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionProvider
        authList={access.authList ?? []}
        roles={access.roles ?? []}
        readOnly={access.readOnly}
      >
        <App>
          <RouterProvider router={router} />
        </App>
      </PermissionProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('SCADA list page', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    resetApiClientState();
    clearSession();
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers every write action to a ScadaManager and opens an app in the runtime view', async () => {
    const calls = stubServer();
    const router = renderPage({ authList: ['IndScada', 'ScadaManager'] });
    expect(await screen.findByText('Pump station')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/scada')?.query).toContain('kind=app');
    expect(screen.getByTestId('scada-add').textContent).toContain('New SCADA app');
    expect(screen.getByTestId('scada-import')).toBeTruthy();
    const actions = screen.getByTestId('scada-row-actions');
    for (const id of ['scada-open', 'scada-export', 'scada-copy', 'scada-rename', 'scada-delete']) {
      expect(within(actions).getByTestId(id)).toBeTruthy();
    }
    fireEvent.click(within(actions).getByTestId('scada-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scada/view/1'));
  });

  it('shows a read-only account (or a user without ScadaManager) open and export only', async () => {
    stubServer();
    renderPage({ authList: ['IndScada', 'ScadaManager', 'ScadaNavbarShow'], readOnly: true });
    expect(await screen.findByText('Pump station')).toBeTruthy();
    const actions = screen.getByTestId('scada-row-actions');
    expect(within(actions).getByTestId('scada-open')).toBeTruthy();
    expect(within(actions).getByTestId('scada-export')).toBeTruthy();
    for (const id of ['scada-copy', 'scada-rename', 'scada-delete']) {
      expect(within(actions).queryByTestId(id)).toBeNull();
    }
    expect(screen.queryByTestId('scada-add')).toBeNull();
    expect(screen.queryByTestId('scada-import')).toBeNull();
    expect(screen.getByTestId('scada-read-only')).toBeTruthy();
  });

  it('hides the write actions from a user holding IndScada only', async () => {
    stubServer();
    renderPage({ authList: ['IndScada'] });
    expect(await screen.findByText('Pump station')).toBeTruthy();
    expect(screen.queryByTestId('scada-copy')).toBeNull();
    expect(screen.queryByTestId('scada-add')).toBeNull();
  });

  it('shows the empty state and a failed load with a retry', async () => {
    stubServer((url) => (url.pathname === '/api/v1/scada' ? json({ rows: [], total: 0 }) : undefined));
    renderPage({ roles: ['admin'] });
    expect((await screen.findByTestId('scada-empty')).textContent).toContain('No SCADA apps yet');
  });

  it('says so when the list cannot be loaded', async () => {
    stubServer((url) => (url.pathname === '/api/v1/scada' ? json(null, 50000, 'boom') : undefined));
    renderPage({ roles: ['admin'] });
    expect(await screen.findByTestId('list-error')).toBeTruthy();
  });

  it('shows why an import was refused, translated: a file that is no export, then the SCADA limit', async () => {
    const calls = stubServer((url, init) =>
      url.pathname === '/api/v1/scada/import' && init.method === 'POST'
        ? json({ limit: 3, used: 3 }, 20000, 'SCADA limit reached', {
            msg_key: 'scada.limitReached',
            msg_params: { owner: 'agent1', limit: 3, used: 3 },
          })
        : undefined,
    );
    renderPage({ roles: ['admin'] });
    fireEvent.click(await screen.findByTestId('scada-import'));
    const modal = await screen.findByTestId('scada-import-modal');
    const fileInput = () => modal.querySelector('input[type="file"]') as HTMLInputElement;

    fireEvent.change(fileInput(), { target: { files: [new File(['not json'], 'x.scada.json')] } });
    expect((await screen.findByTestId('scada-import-error')).textContent).toContain('not valid JSON');

    const exported = { format: 'fleet-scada', version: 1, kind: 'app', name: 'Pump station', document: {} };
    fireEvent.change(fileInput(), {
      target: { files: [new File([JSON.stringify(exported)], 'Pump station.scada.json')] },
    });
    expect((await screen.findByTestId('scada-import-file')).textContent).toContain('Pump station.scada.json');
    fireEvent.click(screen.getByTestId('scada-import-ok'));
    await waitFor(() =>
      expect(screen.getByTestId('scada-import-error').textContent).toContain(
        'SCADA limit reached: account agent1 and the accounts below it may have 3 SCADA apps, they have 3',
      ),
    );
    expect(calls.find((c) => c.path === '/api/v1/scada/import')?.body).toMatchObject({
      format: 'fleet-scada',
      name: 'Pump station',
    });
  });

  it('shows a rename refused by a newer save (20000) in the user language, and refreshes the list', async () => {
    const errors: string[] = [];
    configureApiClient({ notifier: { error: (text) => errors.push(text), confirmSessionExpired: () => {} } });
    const calls = stubServer((url, init) =>
      url.pathname === '/api/v1/scada/1' && init.method === 'PUT'
        ? json({ version: 3 }, 20000, 'stale', { msg_key: 'scada.staleVersion', msg_params: { version: 3 } })
        : undefined,
    );
    await i18n.changeLanguage('es');
    renderPage({ roles: ['admin'] });
    fireEvent.click(await screen.findByTestId('scada-rename'));
    fireEvent.change(await screen.findByTestId('scada-rename-name'), { target: { value: 'Estación' } });
    fireEvent.click(screen.getByTestId('scada-rename-ok'));
    await waitFor(() =>
      expect(errors).toEqual([
        'otra persona modificó el dibujo (ahora está en la versión 3); vuelva a cargarlo antes de guardar',
      ]),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Estación', version: 1 });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/scada').length).toBeGreaterThan(1));
  });

  it('asks which device a template is shown for, then opens the view for it', async () => {
    stubServer((url) => {
      if (url.pathname === '/api/v1/scada')
        return json({ rows: [row(4, { kind: 'template', name: 'Boiler view', template_id: 5 })], total: 1 });
      if (url.pathname === '/api/v1/device/template/5/devices')
        return json([
          { id: 9, device_title: 'Boiler 1', device_imei: '861', template_version: 1, outdated: false },
        ]);
      return undefined;
    });
    const router = renderPage({ roles: ['admin'] }, 'template');
    expect(await screen.findByText('Boiler view')).toBeTruthy();
    expect(await screen.findByText('Boiler')).toBeTruthy(); // the device template's name
    fireEvent.click(screen.getByTestId('scada-open'));
    const modal = await screen.findByTestId('scada-open-modal');
    fireEvent.mouseDown(within(modal).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Boiler 1 (861)'));
    fireEvent.click(screen.getByTestId('scada-open-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scada/view/4'));
    expect(router.state.location.search).toBe('?device=9');
  });
});

describe('SCADA list texts', () => {
  it('has the keys of zh in en and es, none empty, placeholders kept', () => {
    const zh = flattenMessages(scadaListBundle.zh);
    for (const lng of ['en', 'es'] as const) {
      const other = flattenMessages(scadaListBundle[lng]);
      expect([...other.keys()].sort()).toEqual([...zh.keys()].sort());
      for (const [key, text] of zh) {
        expect(other.get(key)?.trim(), `${lng}.${key}`).not.toBe('');
        expect(placeholdersOf(other.get(key) ?? ''), `${lng}.${key}`).toEqual(placeholdersOf(text));
      }
    }
  });
});
