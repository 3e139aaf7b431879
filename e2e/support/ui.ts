import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

const shotsDir = fileURLToPath(new URL('../../.test-output/screenshots', import.meta.url));

/** Screenshots are for people to look at (README: look at what you build); tests do not compare pixels. */
export async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: false });
}

export async function chooseLanguage(page: Page, lang: 'zh' | 'en' | 'es') {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-option-${lang}`).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe(lang);
}

export async function signIn(page: Page, username: string, password: string) {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Opens /login in a given language with nothing stored from earlier tests. */
export async function freshLogin(page: Page, lang: 'zh' | 'en' | 'es' = 'en') {
  await page.goto('/login');
  await page.evaluate((l) => {
    localStorage.clear();
    localStorage.setItem('language', l);
  }, lang);
  await page.reload();
  await expect(page.getByTestId('login-submit')).toBeVisible();
}
