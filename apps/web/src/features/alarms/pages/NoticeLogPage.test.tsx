import type { NoticeRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import NoticeLogPage from './NoticeLogPage';

const row: NoticeRow = {
  id: 9,
  contact_id: 4,
  contact_name: 'Night shift',
  contact_address: '+8613800138000',
  alarm_id: 30,
  about: 'alarm',
  device_title: 'Pump 3',
  alarm_type: 1,
  channel: 'sms',
  status: 'sent',
  attempts: 1,
  last_error: '',
  provider_answer: 'OK: OK',
  receipt_status: 'delivered',
  digest_count: null,
  cost: 1,
  created_at: '2026-11-20T08:00:00.000Z',
  sent_at: '2026-11-20T08:00:01.000Z',
  receipt_at: '2026-11-20T08:00:05.000Z',
};

/** A service expiry e-mail (issue 20): no alarm, labelled as what it is. */
const expiryRow: NoticeRow = {
  ...row,
  id: 10,
  contact_name: 'Billing',
  contact_address: 'billing@example.com',
  alarm_id: null,
  about: 'expiry',
  device_title: null,
  alarm_type: null,
  channel: 'email',
  cost: 0,
  receipt_status: '',
  provider_answer: '',
};

const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

function stubServer() {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://x');
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === '/api/v1/trigger/notice') return json({ rows: [row, expiryRow], total: 2 });
    if (url.pathname === '/api/v1/dataCenter/export') return json({ id: 1 });
    return json(null);
  });
  return calls;
}

function renderPage(authList: string[]) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PermissionProvider authList={authList} roles={[]}>
          <App>
            <NoticeLogPage />
          </App>
        </PermissionProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('NoticeLogPage', () => {
  beforeEach(async () => {
    resetApiClientState();
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each notice with its address, cost, receipt and provider answer', async () => {
    stubServer();
    renderPage(['TriggerNotice/log']);
    const table = await screen.findByTestId('notices-table');
    await waitFor(() => expect(within(table).getByText('Night shift')).toBeTruthy());
    expect(within(table).getByText('+8613800138000')).toBeTruthy();
    expect(
      within(table)
        .getAllByTestId('notice-cost')
        .map((c) => c.textContent),
    ).toEqual(['1', '0']);
    expect(within(table).getByText('Delivered')).toBeTruthy();
    expect(within(table).getByText('OK: OK')).toBeTruthy();
    expect(within(table).getByText('Service expiry')).toBeTruthy();
    // Export needs ExportFile.
    expect(screen.queryByTestId('export-button-noticelog')).toBeNull();
  });

  it('puts the channel filter into the list query and exports the same filter', async () => {
    const calls = stubServer();
    renderPage(['TriggerNotice/log', 'ExportFile']);
    await screen.findByText('Night shift');
    const user = userEvent.setup();
    await user.click(
      screen.getByTestId('notices-filter-channel').querySelector('.ant-select-selector') ??
        screen.getByTestId('notices-filter-channel'),
    );
    await user.click(await screen.findByTitle('Voice call'));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url.pathname === '/api/v1/trigger/notice' && c.url.searchParams.get('channel') === 'voice',
        ),
      ).toBe(true),
    );
    await user.click(screen.getByTestId('export-button-noticelog'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/dataCenter/export')).toBe(true));
    const exported = calls.find((c) => c.url.pathname === '/api/v1/dataCenter/export')!;
    expect(exported.body).toMatchObject({ kind: 'noticelog', params: { channel: 'voice' } });
  });
});
