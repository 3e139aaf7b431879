import type { RechargeOrderRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { clearSession } from '../../../shared/session/token';
import { RefundModal } from './RefundModal';

const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

const order: RechargeOrderRow = {
  id: 7,
  out_trade_no: 'R2026112712000012345678',
  user_id: 42,
  user_name: 'customer1',
  operator_name: 'customer1',
  pay_mode: 0,
  amount: 10_000,
  status: 1,
  code_url: '',
  transaction_id: '4200000000',
  failure: '',
  note: '',
  created_at: '2026-11-27T04:00:00.000Z',
  expires_at: null,
  paid_at: '2026-11-27T04:01:00.000Z',
  refunded: 3_000,
  refunding: 0,
  refund_unresolved: 0,
};

describe('refund modal', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    resetApiClientState();
    clearSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers what is left, refuses more without asking the server, sends cents and a reason', async () => {
    const posts: { path: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://x');
      posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return json({ id: 1, order_id: 7, status: 1 });
    });
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <RefundModal order={order} onClose={onClose} />
        </App>
      </QueryClientProvider>,
    );
    const amount = (await screen.findByTestId('refund-amount')) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('70.00'));
    expect(document.body.textContent).toContain('Left to refund');

    fireEvent.change(amount, { target: { value: '80' } });
    fireEvent.change(screen.getByTestId('refund-reason'), { target: { value: 'customer asked' } });
    fireEvent.click(document.getElementById('refund-submit')!);
    await screen.findByText('Enter an amount from 0.01 to ¥70.00');
    expect(posts).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '25.5' } });
    fireEvent.click(document.getElementById('refund-submit')!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([
      { path: '/api/v1/recharge/orders/7/refund', body: { amount: 2_550, reason: 'customer asked' } },
    ]);
  });
});
