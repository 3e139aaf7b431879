import { expect, type Page, test } from '@playwright/test';
import { signOut } from '../support/accounts.js';
import { apiToken, call } from '../support/api.js';
import { transmitted } from '../support/auth.js';
import { freshLogin, shot, signIn } from '../support/ui.js';

// Phone binding and phone sign-in (SPEC 2.1, issue 21) with the codes the platform really sends
// through the local SMS provider that global-setup configured (e2e/support/sms-inbox.ts).

interface Sent {
  phone: string;
  template: string;
  params: Record<string, string>;
}

/** Messages the test provider received for a mainland number (Aliyun gets it without +86). */
async function inbox(phone: string): Promise<Sent[]> {
  const res = await fetch(`${process.env.E2E_SMS_INBOX}/messages?phone=${phone}`);
  return (await res.json()) as Sent[];
}

/** Waits for the code message after `before` messages (the platform sends it after answering). */
async function codeAfter(phone: string, before: number): Promise<string> {
  await expect.poll(async () => (await inbox(phone)).length, { timeout: 15_000 }).toBeGreaterThan(before);
  const message = (await inbox(phone)).at(-1)!;
  expect(message.template).toBe('SMS_E2E_CODE');
  expect(message.params.code).toMatch(/^\d{6}$/);
  return message.params.code as string;
}

/** Clicks "send code" until the server accepts (one code a minute per phone, whatever the purpose). */
async function sendCode(page: Page, testId: string, path: string) {
  await expect(async () => {
    const answer = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST');
    await page.getByTestId(testId).click({ timeout: 2_000 });
    expect((await (await answer).json()).code).toBe(0);
  }).toPass({ timeout: 90_000, intervals: [5_000] });
}

test.describe('phone sign-in', () => {
  test('a user binds a phone on the profile page, then signs in with a code from the provider', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const n = Date.now().toString().slice(-7);
    const username = `phone${n}`;
    const phone = `1390${n}`;
    const token = await apiToken(request);
    await call(request, token, 'POST', '/auth/user', {
      username,
      password: transmitted('Secret123!'),
      user_type: 1,
      nick_name: 'Phone user',
    });

    // Bind on the profile page: a wrong code is refused with a visible reason, the right one binds.
    await freshLogin(page, 'zh');
    await signIn(page, username, 'Secret123!');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.goto('/user/me');
    const card = page.getByTestId('phone-bind-card');
    await expect(card).toBeVisible();
    await expect(page.getByTestId('phone-bound')).toHaveText('尚未绑定');
    await page.getByTestId('phone-bind-phone').fill(phone);
    let before = (await inbox(phone)).length;
    await sendCode(page, 'phone-bind-send', '/api/v1/user/me/phone/code');
    const bindCode = await codeAfter(phone, before);
    await page.getByTestId('phone-bind-code').fill(bindCode === '000000' ? '111111' : '000000');
    await page.getByTestId('phone-bind-submit').click();
    await expect(page.getByTestId('phone-bind-error')).toContainText('验证码错误或已过期');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'profile-phone-bind-error-zh');
    await page.getByTestId('phone-bind-code').fill(bindCode);
    await page.getByTestId('phone-bind-submit').click();
    await expect(page.getByTestId('phone-bound')).toHaveText(`+86${phone}`);
    await expect(page.getByTestId('phone-bind-error')).toBeHidden();
    await expect(page.getByTestId('profile-info')).toContainText(`+86${phone}`);
    await shot(page, 'profile-phone-bound-zh');
    await signOut(page);

    // Sign in with the phone: the code comes from the provider, the session is the user's.
    await freshLogin(page, 'en');
    await page.getByTestId('login-mode').click();
    await page.getByTestId('login-phone').fill(phone);
    before = (await inbox(phone)).length;
    await sendCode(page, 'login-send-code', '/api/v1/login/phone/code');
    await expect(page.getByTestId('login-send-code')).toContainText(/Resend in \d+ s/);
    const code = await codeAfter(phone, before);
    await page.getByTestId('login-code').fill(code);
    await shot(page, 'login-phone-en');
    await page.getByTestId('login-phone-submit').click();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.goto('/user/me');
    await expect(page.getByTestId('profile-page')).toContainText(`@${username}`);
    await shot(page, 'profile-phone-en');
  });

  test('an unbound number gets the same answer and no message; a made-up code is refused', async ({
    page,
  }) => {
    const phone = `1370${Date.now().toString().slice(-7)}`;
    await freshLogin(page, 'en');
    await page.getByTestId('login-mode').click();
    await page.getByTestId('login-phone').fill(phone);
    await sendCode(page, 'login-send-code', '/api/v1/login/phone/code');
    await expect(page.locator('.ant-message')).toContainText('If this number can receive it');
    await page.getByTestId('login-code').fill('123456');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/login/phone'));
    await page.getByTestId('login-phone-submit').click();
    expect((await (await answer).json()).code).toBe(20000);
    await expect(page.locator('.ant-message')).toContainText('wrong or expired code');
    await expect(page).toHaveURL(/\/login/);
    expect(await inbox(phone)).toEqual([]);
  });
});
