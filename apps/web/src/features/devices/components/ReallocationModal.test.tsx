import type { AllocationUser, DeviceRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { clearSession } from '../../../shared/session/token';
import { ReallocationModal } from './ReallocationModal';

const user = (user_id: number, username: string, is_subuser = false): AllocationUser => ({
  user_id,
  username,
  nick_name: '',
  user_type: 2,
  is_subuser,
});
const device = { id: 9, device_title: 'Pump', device_imei: '861234567890123' } as DeviceRow;

const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

function stubServer() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://x');
    calls.push(`${init.method ?? 'GET'} ${url.pathname} ${init.body ?? ''}`.trim());
    if (url.pathname === '/api/v1/device/reallocation/9')
      return json({
        owner: user(1, 'boss'),
        assigned: [user(2, 'alice')],
        candidates: [user(2, 'alice'), user(3, 'bob'), user(4, 'sub', true)],
      });
    return json(device);
  });
  return calls;
}

async function pick(name: string) {
  await userEvent.click(within(screen.getByTestId('reallocation-user')).getByRole('combobox'));
  await userEvent.click(await screen.findByTitle(name));
}

describe('ReallocationModal', () => {
  beforeEach(() => {
    resetApiClientState();
    clearSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists owner and assignees; assigns only a new user and transfers only to a full account', async () => {
    const calls = stubServer();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <ReallocationModal device={device} onClose={() => undefined} />
        </App>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('reallocation-owner')).textContent).toContain('boss');
    expect(screen.getByTestId('reallocation-assigned').textContent).toContain('alice');
    const assign = () => screen.getByTestId('reallocation-assign') as HTMLButtonElement;
    const transfer = () => screen.getByTestId('reallocation-transfer') as HTMLButtonElement;

    await pick('alice');
    expect(assign().disabled).toBe(true);
    expect(transfer().disabled).toBe(false);

    await pick('sub · 子账号');
    expect(assign().disabled).toBe(false);
    expect(transfer().disabled).toBe(true);

    await pick('bob');
    await userEvent.click(assign());
    await waitFor(() => expect(calls).toContain('POST /api/v1/device/9/assign {"user_id":3}'));
  });
});
