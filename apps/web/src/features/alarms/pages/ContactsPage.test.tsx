import type { ContactRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import ContactsPage from './ContactsPage';

const contact: ContactRow = {
  id: 4,
  name: 'Ops',
  email: 'ops@example.com',
  phone: '',
  webhook_kind: 'dingtalk',
  webhook_url: 'https://oapi.dingtalk.com/robot/send?access_token=x',
  has_webhook_secret: true,
  email_enabled: false,
  webhook_enabled: true,
  sms_enabled: false,
  voice_enabled: false,
  expiry_notices: true,
  storm_cap: 10,
  storm_window_s: 3600,
  escalate_after_min: 0,
  min_interval_s: 60,
  language: 'en',
  enabled: true,
  remark: '',
  owner_name: 'admin',
  trigger_count: 2,
  created_at: '2026-01-01T00:00:00.000Z',
};

const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

type Call = { method: string; path: string; body: unknown };

function stubServer() {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://x');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/v1/trigger/channels') return json({ email: false, webhook: true });
    if (url.pathname === '/api/v1/trigger/contact' && method === 'GET')
      return json({ rows: [contact], total: 1 });
    if (url.pathname === '/api/v1/trigger/contact/4' && method === 'PUT')
      return json({ ...contact, ...body });
    if (url.pathname === '/api/v1/trigger/notice') return json({ rows: [], total: 0 });
    return json(null, 50000, 'not found');
  });
  return calls;
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionProvider authList={['TriggerContact/index']} roles={[]}>
        <App>
          <ContactsPage />
        </App>
      </PermissionProvider>
    </QueryClientProvider>,
  );
}

// Generous timeouts: Ant Design drawers and tables render slowly in jsdom on a shared machine.
describe('trigger contacts page', { timeout: 60_000 }, () => {
  beforeEach(() => {
    resetApiClientState();
    clearSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists contacts and edits one without sending the stored secret back', async () => {
    const calls = stubServer();
    renderPage();
    const table = await screen.findByTestId('contacts-table');
    await waitFor(() => expect(within(table).getByTestId('contact-name').textContent).toBe('Ops'));
    await userEvent.click(within(table).getByTestId('contact-edit'));

    const drawer = await screen.findByTestId('contact-drawer');
    // SMTP not configured: the e-mail switch is off limits and says why.
    await waitFor(() =>
      expect(within(drawer).getByTestId('contact-form-email-enabled').hasAttribute('disabled')).toBe(true),
    );
    expect(within(drawer).getByText(/未配置邮件发送/)).toBeTruthy();
    expect(within(drawer).getByText('已保存密钥；留空则保持不变')).toBeTruthy();
    expect((within(drawer).getByTestId('contact-form-webhook-secret') as HTMLInputElement).value).toBe('');

    await userEvent.clear(within(drawer).getByTestId('contact-form-name'));
    await userEvent.type(within(drawer).getByTestId('contact-form-name'), 'Night shift');
    await userEvent.click(screen.getByTestId('contact-form-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body.name).toBe('Night shift');
    expect(body).not.toHaveProperty('webhook_secret');
    expect(body.webhook_enabled).toBe(true);
  });

  it('refuses a webhook switched on without its URL, under the field, before asking the server', async () => {
    const calls = stubServer();
    renderPage();
    await userEvent.click(await screen.findByTestId('contact-add'));
    const drawer = await screen.findByTestId('contact-drawer');
    await userEvent.type(within(drawer).getByTestId('contact-form-name'), 'Robot');
    await userEvent.click(within(drawer).getByTestId('contact-form-webhook-enabled'));
    await userEvent.click(screen.getByTestId('contact-form-submit'));
    expect(await within(drawer).findByText('开启 Webhook 通知时必须填写地址')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
