import { reorderPasswordHash } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { md5 } from 'js-md5';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';
import { clearSession, getToken } from '../../../shared/session/token';
import { LoginForm } from './LoginForm';

function renderForm(demoEnabled = false) {
  const onSuccess = vi.fn();
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <LoginForm demoEnabled={demoEnabled} onSuccess={onSuccess} />
      </App>
    </QueryClientProvider>,
  );
  return onSuccess;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('LoginForm', () => {
  let bodies: { url: string; body: unknown }[];

  beforeEach(() => {
    resetApiClientState();
    clearSession();
    bodies = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  function stubFetch(answer: Response) {
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      bodies.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return answer;
    });
  }

  it('shows a message per field for empty and malformed input and sends nothing', async () => {
    stubFetch(json({ code: 0, msg: 'ok', data: null }));
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    await user.type(screen.getByTestId('login-password'), 'abc');
    await user.type(screen.getByTestId('login-username'), 'a b');
    expect(await screen.findByText('密码由字母、数字、符号 !@#$%^&* 组成，至少 6 位')).toBeTruthy();
    expect(await screen.findByText('用户名只能包含字母、数字或中文，2 到 32 位')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('sends the trimmed username and the transformed password, stores the session', async () => {
    stubFetch(json({ code: 0, msg: 'ok', data: { token: 'TOK', refresh_token: 'REF', expires_in: 60 } }));
    const onSuccess = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('login-username'), 'admin  ');
    await user.type(screen.getByTestId('login-password'), 'secret!1');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        url: '/api/v1/login/login',
        body: { username: 'admin', password: reorderPasswordHash(md5('secret!1')) },
      },
    ]);
    expect(getToken()).toBe('TOK');
  });

  it('shows the wrong-password message in the current language, not the server msg', async () => {
    await i18n.changeLanguage('es');
    try {
      stubFetch(json({ code: 10009, msg: 'wrong username or password', data: null }, 401));
      const onSuccess = renderForm();
      const user = userEvent.setup();
      await user.type(screen.getByTestId('login-username'), 'admin');
      await user.type(screen.getByTestId('login-password'), 'secret!1');
      await user.click(screen.getByTestId('login-submit'));
      expect(await screen.findByText(i18n.t('errors.wrongCredentials'))).toBeTruthy();
      expect(i18n.t('errors.wrongCredentials')).not.toBe('wrong username or password');
      expect(screen.queryByText('wrong username or password')).toBeNull();
      expect(onSuccess).not.toHaveBeenCalled();
    } finally {
      await i18n.changeLanguage('zh');
    }
  });

  it("shows the server's msg for a code without a catalogue meaning", async () => {
    stubFetch(json({ code: 50000, msg: 'database unavailable', data: null }, 500));
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('login-username'), 'admin');
    await user.type(screen.getByTestId('login-password'), 'secret!1');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('database unavailable')).toBeTruthy();
  });

  it('offers the demo button only when the server enables it', () => {
    renderForm(false);
    expect(screen.queryByTestId('demo-login')).toBeNull();
  });

  it('demo button signs in through /login/demo', async () => {
    stubFetch(json({ code: 0, msg: 'ok', data: { token: 'D', refresh_token: 'DR', expires_in: 60 } }));
    const onSuccess = renderForm(true);
    await userEvent.setup().click(screen.getByTestId('demo-login'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(bodies.map((b) => b.url)).toEqual(['/api/v1/login/demo']);
  });
});
