import type { FeeChildRow, FeeConfigView } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import FeeConfigPage from './FeeConfigPage';

const json = (data: unknown, code = 0, msg = 'ok', extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ code, msg, data, ...extra }), {
    headers: { 'Content-Type': 'application/json' },
  });

const prices = { rent_fee: 3_500, sms_price: 10, voice_price: 40, scada_price: 0 };
const fees = { rent_fee: 3_500, sms_discount: 100, voice_discount: 100, scada_discount: 100 };
const child: FeeChildRow = {
  user_id: 42,
  username: 'customer1',
  nick_name: 'Customer',
  user_type: 3,
  fees,
  prices,
  margin: { ...prices, rent_fee: 1_500 },
};
const view = (own: FeeConfigView['own']): FeeConfigView => ({
  base: prices,
  can_edit_base: own === null,
  own,
  children: [child],
});

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/** The page with a stubbed server: GET /fee/config answers `config`, POST /recharge/credit `credit`. */
function renderPage(config: FeeConfigView, credit: (body: unknown) => Response, authList: string[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://x');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init.method ?? 'GET', path: url.pathname, body });
    if (url.pathname === '/api/v1/recharge/credit') return credit(body);
    return json(config);
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionProvider authList={authList} roles={[]}>
        <App>
          <FeeConfigPage />
        </App>
      </PermissionProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

describe('crediting an account below me from the fee configuration page', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    resetApiClientState();
    clearSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('credits cents from my balance with a note, and keeps the drawer open on a refusal', async () => {
    let refuse = true;
    const calls = renderPage(
      view({ fees, prices: { ...prices, rent_fee: 2_000 } }),
      (body) =>
        refuse
          ? json(null, 20000, 'insufficient balance', { msg_key: 'ledger.insufficientBalance' })
          : json({ id: 1, ...(body as object) }),
      ['auth.User/edit', 'Recharge/balance'],
    );
    fireEvent.click(await screen.findByTestId('fees-credit-42'));
    const drawer = await screen.findByTestId('credit-drawer');
    expect(drawer.textContent).toContain('Credit customer1');
    // Not the platform: money received offline is not offered.
    expect(within(drawer).queryByText('Received offline')).toBeNull();
    expect(within(drawer).getByText('My balance')).toBeTruthy();

    // Nothing sent without an amount and a note.
    fireEvent.click(screen.getByTestId('credit-submit'));
    await waitFor(() =>
      expect(drawer.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(0),
    );
    expect(posts(calls)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('credit-amount'), { target: { value: '25.5' } });
    fireEvent.change(screen.getByTestId('credit-note'), { target: { value: '  for the site  ' } });
    fireEvent.click(screen.getByTestId('credit-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({
      method: 'POST',
      path: '/api/v1/recharge/credit',
      body: { user_id: 42, amount: 2_550, mode: 'balance', note: 'for the site' },
    });
    // Refused (balance short): the drawer stays open with what was typed.
    await waitFor(() => expect(screen.getByTestId('credit-submit').closest('button')!.disabled).toBe(false));
    expect(screen.getByTestId('credit-drawer')).toBeTruthy();
    expect((screen.getByTestId('credit-amount') as HTMLInputElement).value).toBe('25.50');
    expect(screen.queryByText('Credited')).toBeNull();

    refuse = false;
    fireEvent.click(screen.getByTestId('credit-submit'));
    await screen.findByText('Credited');
    await waitFor(() => expect(screen.queryByTestId('credit-drawer')).toBeNull());
    expect(posts(calls)).toHaveLength(2);
  });

  it('offers offline money to the platform administrator', async () => {
    const calls = renderPage(view(null), (body) => json({ id: 2, ...(body as object) }), [
      'auth.User/edit',
      'Recharge/balance',
    ]);
    fireEvent.click(await screen.findByTestId('fees-credit-42'));
    const drawer = await screen.findByTestId('credit-drawer');
    fireEvent.click(within(drawer).getByText('Received offline'));
    fireEvent.change(screen.getByTestId('credit-amount'), { target: { value: '100' } });
    fireEvent.change(screen.getByTestId('credit-note'), { target: { value: 'bank transfer 42' } });
    fireEvent.click(screen.getByTestId('credit-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({
      user_id: 42,
      amount: 10_000,
      mode: 'offline',
      note: 'bank transfer 42',
    });
  });

  it('shows no credit action without the balance permission', async () => {
    renderPage(view({ fees, prices }), () => json(null), ['auth.User/edit']);
    await screen.findByTestId('fees-edit-42');
    expect(screen.queryByTestId('fees-credit-42')).toBeNull();
  });
});
