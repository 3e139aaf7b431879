import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

const shotsDir = fileURLToPath(new URL('../../.test-output/screenshots', import.meta.url));

/** Screenshots are for people to look at (README: look at what you build); tests do not compare pixels. */
export async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: false });
}

/**
 * The one way the e2e tests pick something from a dropdown, select or menu. On a busy machine a click can
 * land while the popup is still animating in (or out) and be lost, so the choice is retried until the
 * state it should cause is seen: opens the popup when the option is not showing, waits for the option to be
 * visible and still, clicks it, then checks `until` (which must fail fast, e.g. a 2 s expect).
 * `until` is also checked before each retry so a choice that did land is never made twice.
 */
export async function choose(
  trigger: Locator | (() => Promise<unknown>),
  option: Locator,
  until: () => Promise<unknown>,
  timeout = 30_000,
) {
  let tried = false;
  await expect(async () => {
    if (tried) {
      try {
        await until();
        return;
      } catch {
        // not there yet: choose again
      }
    }
    tried = true;
    if (!(await option.isVisible())) {
      if (typeof trigger === 'function') await trigger();
      else await trigger.click({ timeout: 3_000 });
    }
    await option.waitFor({ state: 'visible', timeout: 3_000 });
    await option.click({ timeout: 3_000 });
    await until();
  }).toPass({ timeout, intervals: [250, 500, 1_000] });
}

/** A trigger for `choose` that opens a context menu. */
export const rightClick = (target: Locator) => () => target.click({ button: 'right', timeout: 3_000 });

/** Picks the option of an Ant Design Select (by its data-testid) whose text contains `text`. */
export async function chooseOption(page: Page, testId: string, text: string) {
  const select = page.getByTestId(testId);
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first();
  await choose(select, option, () => expect(select).toContainText(text, { timeout: 2_000 }));
}

export async function chooseLanguage(page: Page, lang: 'zh' | 'en' | 'es') {
  await choose(page.getByTestId('lang-switch'), page.getByTestId(`lang-option-${lang}`), async () => {
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('language')), { timeout: 2_000 })
      .toBe(lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang, { timeout: 2_000 });
  });
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
