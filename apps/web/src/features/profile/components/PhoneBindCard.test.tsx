import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';
import { PhoneBindCard } from './PhoneBindCard';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Answer = (url: string, method: string, body: unknown) => Response;

function setup(answer: Answer) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const method = init.method ?? 'GET';
    calls.push({ url, method, body });
    return answer(url, method, body);
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <PhoneBindCard readOnly={false} />
      </App>
    </QueryClientProvider>,
  );
  return calls;
}

const bound = (phone: string | null) => json({ code: 0, msg: 'ok', data: { phone } });

describe('PhoneBindCard', () => {
  beforeEach(async () => {
    resetApiClientState();
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a code, binds with it and shows the new phone', async () => {
    let phone: string | null = null;
    const calls = setup((url, method) => {
      if (url.endsWith('/user/me/phone') && method === 'PUT') {
        phone = '+8613800138000';
        return bound(phone);
      }
      if (url.endsWith('/user/me/phone/code')) return json({ code: 0, msg: 'ok', data: null });
      if (url.includes('/auth/user/info')) return json({ code: 0, msg: 'ok', data: null });
      return bound(phone);
    });
    expect(await screen.findByText('None yet')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('phone-bind-phone'), '138 0013 8000');
    await user.click(screen.getByTestId('phone-bind-send'));
    await waitFor(() => expect(screen.getByTestId('phone-bind-send').textContent).toMatch(/Resend in \d+ s/));
    await user.type(screen.getByTestId('phone-bind-code'), '123456');
    await user.click(screen.getByTestId('phone-bind-submit'));
    await waitFor(() => expect(screen.getByTestId('phone-bound').textContent).toBe('+8613800138000'));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { url: '/api/v1/user/me/phone/code', method: 'POST', body: { phone: '138 0013 8000' } },
      { url: '/api/v1/user/me/phone', method: 'PUT', body: { phone: '138 0013 8000', code: '123456' } },
    ]);
    expect(screen.getByTestId('phone-bind-submit').textContent).toBe('Change phone');
  });

  it('shows the server’s reason in the current language: too many tries, too many codes', async () => {
    setup((url, method) => {
      if (url.endsWith('/user/me/phone/code'))
        return json({ code: 20000, msg: 'too many', msg_key: 'phone.tooSoon', data: 'too many' }, 429);
      if (method === 'PUT')
        return json({ code: 20000, msg: 'x', msg_key: 'phone.tooManyTries', data: 'x' }, 400);
      return bound('+8613800138000');
    });
    expect(await screen.findByText('+8613800138000')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('phone-bind-phone'), '13900139000');
    await user.click(screen.getByTestId('phone-bind-send'));
    expect((await screen.findByTestId('phone-bind-error')).textContent).toContain(
      'too many codes requested; please try again later',
    );
    await user.type(screen.getByTestId('phone-bind-code'), '000000');
    await user.click(screen.getByTestId('phone-bind-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('phone-bind-error').textContent).toContain(
        'too many wrong tries; please request a new code',
      ),
    );
  });

  it('refuses a malformed number and code without calling the server', async () => {
    const calls = setup(() => bound(null));
    await screen.findByText('None yet');
    const user = userEvent.setup();
    await user.type(screen.getByTestId('phone-bind-phone'), 'abc');
    await user.type(screen.getByTestId('phone-bind-code'), '12');
    await user.click(screen.getByTestId('phone-bind-submit'));
    expect(await screen.findByText('Not a valid phone number')).toBeTruthy();
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
