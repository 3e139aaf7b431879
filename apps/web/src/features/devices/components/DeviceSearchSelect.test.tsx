import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { clearSession } from '../../../shared/session/token';
import { DeviceSearchSelect } from './DeviceSearchSelect';

const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

/** The search lists only Pump (id 9); the picked Boiler (id 3) is read on its own. */
function stubServer() {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://x');
    calls.push(url);
    if (url.pathname === '/api/v1/device')
      return json({ rows: [{ id: 9, device_title: 'Pump', device_imei: '861234567890123' }], total: 1 });
    if (url.pathname === '/api/v1/device/3')
      return json({ id: 3, device_title: 'Boiler', device_imei: '86001' });
    return json(null);
  });
  return calls;
}

const wrap = (ui: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <App>{ui}</App>
  </QueryClientProvider>
);

describe('DeviceSearchSelect', () => {
  beforeEach(() => {
    resetApiClientState();
    clearSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the picked device first, as "title (IMEI)", though the search does not list it', async () => {
    const calls = stubServer();
    const onChange = vi.fn();
    render(wrap(<DeviceSearchSelect value={3} onChange={onChange} testId="dev" ariaLabel="Device" />));
    const select = screen.getByTestId('dev');
    await waitFor(() => expect(select.textContent).toContain('Boiler (86001)'));
    const search = calls.find((u) => u.pathname === '/api/v1/device');
    expect(search?.searchParams.get('page')).toBe('1');
    expect(search?.searchParams.get('limit')).toBe('50');

    await userEvent.type(within(select).getByRole('combobox'), 'pu');
    await waitFor(() =>
      expect(
        calls.some((u) => u.pathname === '/api/v1/device' && u.searchParams.get('search') === 'pu'),
      ).toBe(true),
    );
    await screen.findByTitle('Pump (861234567890123)');
    const titles = [...document.querySelectorAll('.ant-select-item-option')].map((o) =>
      o.getAttribute('title'),
    );
    expect(titles).toEqual(['Boiler (86001)', 'Pump (861234567890123)']);
    await userEvent.click(await screen.findByTitle('Pump (861234567890123)'));
    expect(onChange).toHaveBeenCalledWith(9);
  });

  it('works as a Form.Item control', async () => {
    stubServer();
    let form: ReturnType<typeof Form.useForm<{ device_id?: number }>>[0] | undefined;
    function Host() {
      const [f] = Form.useForm<{ device_id?: number }>();
      form = f;
      return (
        <Form form={f} initialValues={{ device_id: 3 }}>
          <Form.Item name="device_id" label="Device">
            <DeviceSearchSelect testId="form-dev" />
          </Form.Item>
        </Form>
      );
    }
    render(wrap(<Host />));
    const select = screen.getByTestId('form-dev');
    await waitFor(() => expect(select.textContent).toContain('Boiler (86001)'));
    await userEvent.click(within(select).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Pump (861234567890123)'));
    expect(form?.getFieldValue('device_id')).toBe(9);
  });
});
