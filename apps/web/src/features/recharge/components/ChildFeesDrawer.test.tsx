import type { FeeChildRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import { ChildFeesDrawer } from './ChildFeesDrawer';

const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

const prices = { rent_fee: 3_500, sms_price: 10, voice_price: 40, scada_price: 0 };
const child: FeeChildRow = {
  user_id: 42,
  username: 'customer1',
  nick_name: 'Customer',
  user_type: 3,
  fees: { rent_fee: 3_500, sms_discount: 100, voice_discount: 100, scada_discount: 100 },
  prices,
  margin: { ...prices, rent_fee: 1_500 },
};

describe('child fees drawer', { timeout: 60_000 }, () => {
  beforeEach(() => {
    resetApiClientState();
    clearSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a rent fee below my cost without calling the server, then saves cents', async () => {
    const calls: { method: string; path: string; body?: unknown }[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://x');
      calls.push({
        method: init.method ?? 'GET',
        path: url.pathname,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return json({ base: prices, can_edit_base: false, own: null, children: [] });
    });
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PermissionProvider authList={['auth.User/edit']} roles={[]}>
          <App>
            <ChildFeesDrawer child={child} cost={{ ...prices, rent_fee: 2_000 }} onClose={onClose} />
          </App>
        </PermissionProvider>
      </QueryClientProvider>,
    );
    const rent = await screen.findByTestId('child-rent');
    fireEvent.change(rent, { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('child-fees-submit'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(rent, { target: { value: '45.5' } });
    fireEvent.click(screen.getByTestId('child-fees-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({
      path: '/api/v1/fee/config/42',
      body: { rent_fee: 4_550, sms_discount: 100, voice_discount: 100, scada_discount: 100 },
    });
  });
});
