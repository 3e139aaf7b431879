import { BizCode } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import { useSettings } from '../../../shared/store/settings';
import { ExportButton } from './ExportButton';

const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

function renderButton(authList: string[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <ExportButton kind="alarmlog" params={{ level: '4', page: '2', search: '' }} />,
      },
      { path: '/dataCenter/fileDownload', element: <div data-testid="downloads-page" /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionProvider authList={authList} roles={[]}>
        <App>
          <RouterProvider router={router} />
        </App>
      </PermissionProvider>
    </QueryClientProvider>,
  );
}

describe('ExportButton', () => {
  const errors: string[] = [];
  beforeEach(async () => {
    clearSession();
    resetApiClientState();
    errors.length = 0;
    configureApiClient({
      notifier: { error: (text) => errors.push(text), confirmSessionExpired: () => undefined },
    });
    await i18n.changeLanguage('en');
    useSettings.getState().setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is hidden without ExportFile', () => {
    renderButton(['Event/log']);
    expect(screen.queryByTestId('export-button-alarmlog')).toBeNull();
  });

  it('queues the export with the filter, language and zone, then links to File download', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://x');
      if (url.pathname === '/api/v1/dataCenter/export' && init.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return json({ id: 1, status: 'queued' });
      }
      return json(null, 50000, 'not found');
    });
    renderButton(['ExportFile']);
    await userEvent.click(screen.getByTestId('export-button-alarmlog'));
    await screen.findByTestId('export-started');
    expect(screen.getByTestId('export-started').textContent).toContain('it will appear in File download');
    expect(bodies).toEqual([
      {
        kind: 'alarmlog',
        params: { level: '4' },
        format: 'auto',
        lang: 'en',
        tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);
    await userEvent.click(screen.getByTestId('export-open-downloads'));
    expect(await screen.findByTestId('downloads-page')).toBeTruthy();
  });

  it("shows the server's text of a 20000 answer (too many running exports)", async () => {
    vi.stubGlobal('fetch', async () => json('3 exports are already running', BizCode.USER_MESSAGE, 'busy'));
    renderButton(['ExportFile']);
    await userEvent.click(screen.getByTestId('export-button-alarmlog'));
    await waitFor(() => expect(errors).toEqual(['3 exports are already running']));
    expect(screen.queryByTestId('export-started')).toBeNull();
  });
});
