import type { ExpiryNoticeRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import { ExpiryNoticesCard } from './ExpiryNoticesCard';

const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

describe('device expiry notices card', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    resetApiClientState();
    clearSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the notices with their stage and devices, and marks them all read', async () => {
    let rows: ExpiryNoticeRow[] = [
      { id: 2, stage: 0, count: 1, devices: 'Pump 3', created_at: '2026-11-27T08:00:00.000Z', read: false },
      {
        id: 1,
        stage: 7,
        count: 2,
        devices: 'Boiler A, Boiler B',
        created_at: '2026-11-20T08:00:00.000Z',
        read: false,
      },
    ];
    const posts: unknown[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://x');
      if (init.method === 'POST' && url.pathname === '/api/v1/fee/expiry-notices/read') {
        posts.push(JSON.parse(String(init.body)));
        rows = rows.map((r) => ({ ...r, read: true }));
        return json(null);
      }
      return json(rows);
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PermissionProvider authList={['Recharge/renew']} roles={[]}>
          <App>
            <MemoryRouter>
              <ExpiryNoticesCard />
            </MemoryRouter>
          </App>
        </PermissionProvider>
      </QueryClientProvider>,
    );
    const expired = await screen.findByTestId('expiry-notice-2');
    expect(expired.textContent).toContain("1 device's service has expired");
    expect(expired.textContent).toContain('Pump 3');
    expect(screen.getByTestId('expiry-notice-1').textContent).toContain(
      "2 devices' service expires within 7 days",
    );
    expect(screen.getByTestId('expiry-unread').textContent).toContain('2');
    expect(screen.getByTestId('expiry-renew')).toBeTruthy();

    fireEvent.click(screen.getByTestId('expiry-read-all'));
    await waitFor(() => expect(screen.queryByTestId('expiry-read-all')).toBeNull());
    expect(posts).toEqual([{}]);
  });
});
