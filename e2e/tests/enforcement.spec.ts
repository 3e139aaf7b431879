import { expect, test } from '@playwright/test';
import { admin } from '../support/auth.js';
import { solidPng } from '../support/png.js';
import { chooseLanguage, freshLogin, shot, signIn } from '../support/ui.js';

// Issue 22 item 5 on a phone (390 x 844): an officer records a law enforcement record with a photo taken
// by the camera input, the records page verifies the chain intact, and the record is handled as a work
// order (type 2) whose status the record then shows.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** A real 48 x 48 PNG in a colour of its own (a unique "photo" per run). */
const photoPng = (seed: number) => solidPng(48, [seed % 256, (seed >> 8) % 256, 90]);

test.describe('law enforcement records on a phone', () => {
  test('an officer records a photo, verify shows the chain intact, the record becomes a work order', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const n = Date.now().toString().slice(-7);
    const site = `Pump house ${n}`;
    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });

    await page.goto('/enforcement/create');
    const form = page.getByTestId('enforcement-create-page');
    await expect(form).toBeVisible();
    await shot(page, 'enforcement-phone-create-top-en');
    const input = page.getByTestId('enforcement-file-input');
    await expect(input).toHaveAttribute('accept', 'image/*,video/*');
    await expect(input).toHaveAttribute('capture', 'environment');
    await input.setInputFiles({ name: 'evidence.png', mimeType: 'image/png', buffer: photoPng(Number(n)) });
    await expect(page.getByTestId('enforcement-evidence-item')).toHaveCount(1);
    await page.getByTestId('enforcement-site').fill(site);
    await page
      .getByTestId('enforcement-description')
      .fill('Fire extinguisher missing next to the main pump.');
    await shot(page, 'enforcement-phone-create-en');
    await page.getByTestId('enforcement-submit').click();
    await expect(page.getByTestId('enforcement-created')).toBeVisible();
    await expect(page.getByTestId('enforcement-created')).toContainText(/Record hash: [0-9a-f]{64}/);
    await page.getByTestId('enforcement-to-list').click();

    const records = page.getByTestId('enforcement-page');
    await expect(records).toBeVisible();
    // The badge checks the chain on open; Verify checks again and says so in words.
    await expect(page.getByTestId('enforcement-chain-badge')).toHaveAttribute('data-state', 'intact');
    await page.getByTestId('enforcement-verify').click();
    await expect(page.getByTestId('enforcement-verify-result')).toHaveAttribute('data-state', 'intact');
    await expect(page.getByTestId('enforcement-chain-badge')).toHaveAttribute('data-state', 'intact');
    await shot(page, 'enforcement-phone-list-en');

    // A phone gets cards, not a table that scrolls sideways.
    await expect(page.getByTestId('enforcement-table')).toHaveCount(0);
    await page.getByTestId('enforcement-card').filter({ hasText: site }).first().click();
    const drawer = page.getByTestId('enforcement-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('enforcement-photo')).toHaveCount(1);
    await expect(drawer.getByTestId('enforcement-hash')).toHaveText(/^[0-9a-f]{64}$/);
    await drawer.getByTestId('enforcement-handle').click();
    await page.getByTestId('enforcement-handle-confirm').click();
    await expect(drawer.getByTestId('enforcement-order')).toContainText('Pending');
    await expect(drawer.getByTestId('enforcement-handle')).toHaveCount(0);
    await shot(page, 'enforcement-phone-detail-en');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The work orders page lists the law enforcement order, linked to the record.
    await page.goto('/maintenance/workOrder');
    await expect(page.getByTestId('work-order-table')).toContainText(site);

    // The records page on a desktop screen, in Chinese and Spanish too.
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const lang of ['en', 'zh', 'es'] as const) {
      await page.goto('/enforcement/records');
      await chooseLanguage(page, lang);
      await expect(page.getByTestId('enforcement-table')).toContainText(site);
      await shot(page, `enforcement-desktop-list-${lang}`);
    }
  });
});
