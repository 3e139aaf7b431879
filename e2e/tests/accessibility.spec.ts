import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiToken, call } from '../support/api.js';
import { admin } from '../support/auth.js';
import { freshLogin, shot, signIn } from '../support/ui.js';

// Issue 16, accessibility: axe-core (WCAG 2.x A/AA rules and best practices) on the main pages at
// 1440 px, with the main drawers and modals open, and in zh and es as well as en, finds no serious or
// critical violation. No rule is switched off and no node is left out (Ant Design's hidden table
// measuring row is made inert by shared/table/focusable-scroll).
const PAGES = [
  { name: 'dashboard', route: '/dashboard/index' },
  { name: 'devices', route: '/device/manage' },
  { name: 'device-detail', route: '/device/detail/:id' },
  { name: 'alarms', route: '/alarm/alarmlog' },
  { name: 'history', route: '/dataCenter/history' },
  { name: 'data-report', route: '/dataCenter/dataReportV2' },
  { name: 'users', route: '/user/authuser' },
  { name: 'platform', route: '/other/platform' },
  { name: 'profile', route: '/user/me' },
  { name: 'ota-gateways', route: '/ota/device' },
  { name: 'ota-sims', route: '/ota/sim' },
  { name: 'balance', route: '/balance' },
  { name: 'recharge', route: '/recharge' },
  { name: 'consumption', route: '/consumeOrder' },
  { name: 'fee-overview', route: '/fee/overview' },
] as const;

/** Drawers and modals opened from a page's add / import button (the editing forms people fill in). */
const OVERLAYS = [
  { name: 'device-add-drawer', route: '/device/manage', button: 'device-add' },
  { name: 'device-import-modal', route: '/device/manage', button: 'device-import' },
  { name: 'model-add-drawer', route: '/device/model', button: 'model-add' },
  { name: 'user-add-drawer', route: '/user/authuser', button: 'user-add' },
  { name: 'role-add-drawer', route: '/user/authgroup', button: 'role-add' },
  { name: 'contact-add-drawer', route: '/trigger/contact', button: 'contact-add' },
  {
    name: 'schedule-add-drawer',
    route: '/dataCenter/dataReportV2',
    tab: 'schedules',
    button: 'schedule-add',
  },
  { name: 'scada-create-modal', route: '/scada/app', button: 'scada-add' },
] as const;

/**
 * Pages and overlays checked again in zh and es (longer words, other scripts, other labels). The two
 * languages split them: what a language can break (a label or name missing from one bundle, a longer
 * word) shows on any page of it, and each extra audit costs seconds of every CI run.
 */
const LANGUAGE_CHECKS = {
  zh: { pages: ['dashboard', 'alarms'], overlays: ['device-add-drawer'] },
  es: { pages: ['devices', 'users'], overlays: ['contact-add-drawer'] },
} as const satisfies Record<'zh' | 'es', { pages: readonly string[]; overlays: readonly string[] }>;

interface Finding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

async function audit(page: Page, name: string): Promise<Finding[]> {
  // Pages settle first: no skeleton or spinner left, so the checked DOM is what a person sees.
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 20_000 });
  // Scrolling tables are made focusable, measuring rows inert, a moment after they render
  // (shared/table/focusable-scroll).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const scrollers = [...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')];
        const unmarked = scrollers.filter(
          (el) =>
            (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) &&
            el.tabIndex !== 0,
        );
        return unmarked.length + document.querySelectorAll('tr.ant-table-measure-row:not([inert])').length;
      }),
    )
    .toBe(0);
  // Drawers and modals finish sliding or zooming in (finite animations only: spinners run forever).
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
  await shot(page, `a11y-${name}`);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      page: name,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes
        .slice(0, 8)
        .map(
          (n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} :: ${n.failureSummary?.split('\n')[1] ?? ''}`,
        ),
    }));
}

/** Opens the overlay from its button and waits until it shows (an open drawer or modal). */
async function openOverlay(page: Page, overlay: (typeof OVERLAYS)[number]) {
  await page.goto(overlay.route);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  if ('tab' in overlay) await page.locator(`.ant-tabs-tab[data-node-key="${overlay.tab}"]`).click();
  await page.getByTestId(overlay.button).click();
  await expect(page.getByRole('dialog').last()).toBeVisible();
}

async function signedInAdmin(page: Page, lang: 'zh' | 'en' | 'es') {
  await freshLogin(page, lang);
  await signIn(page, admin().username, admin().password);
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

const report = (findings: Finding[]) =>
  findings
    .map((f) => `${f.page}: ${f.rule} (${f.impact}) ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n');

test.describe('accessibility (axe-core, serious and critical)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the login page', async ({ page }) => {
    await freshLogin(page, 'en');
    const findings = await audit(page, 'login');
    expect(findings, report(findings)).toEqual([]);
  });

  // In two halves, each with its own time budget: the app keeps every visited page open as a tab, so
  // each audit walks a larger document than the one before, and 15 pages in one test ran past 4
  // minutes on a loaded CI machine.
  const halves = [PAGES.slice(0, 8), PAGES.slice(8)];
  halves.forEach((pages, half) => {
    test(`the main pages of a signed-in administrator (${half + 1} of 2)`, async ({ page, request }) => {
      test.setTimeout(240_000);
      const token = await apiToken(request);
      // A device of its own, so the details page has something to show whatever ran before.
      const imei = `86${Date.now().toString().slice(-13)}`;
      const device = await call<{ id: number }>(request, token, 'POST', '/device', {
        device_imei: imei,
        device_title: `Meter ${imei.slice(-5)}`,
        protocol: 6,
      });
      await freshLogin(page, 'en');
      await signIn(page, admin().username, admin().password);
      await expect(page.getByTestId('sidebar')).toBeVisible();
      const findings: Finding[] = [];
      for (const { name, route } of pages) {
        await page.goto(route.replace(':id', String(device.id)));
        await expect(page.getByTestId('sidebar')).toBeVisible();
        findings.push(...(await audit(page, name)));
      }
      expect(findings, report(findings)).toEqual([]);
    });
  });

  test('the main drawers and modals, open', async ({ page }) => {
    test.setTimeout(240_000);
    await signedInAdmin(page, 'en');
    const findings: Finding[] = [];
    for (const overlay of OVERLAYS) {
      await openOverlay(page, overlay);
      findings.push(...(await audit(page, overlay.name)));
    }
    expect(findings, report(findings)).toEqual([]);
  });

  for (const lang of ['zh', 'es'] as const) {
    test(`pages and drawers in ${lang}`, async ({ page }) => {
      test.setTimeout(120_000);
      await signedInAdmin(page, lang);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const findings: Finding[] = [];
      const checks: { pages: readonly string[]; overlays: readonly string[] } = LANGUAGE_CHECKS[lang];
      for (const { name, route } of PAGES.filter((p) => checks.pages.includes(p.name))) {
        await page.goto(route);
        await expect(page.getByTestId('sidebar')).toBeVisible();
        findings.push(...(await audit(page, `${name}-${lang}`)));
      }
      for (const overlay of OVERLAYS.filter((o) => checks.overlays.includes(o.name))) {
        await openOverlay(page, overlay);
        findings.push(...(await audit(page, `${overlay.name}-${lang}`)));
      }
      expect(findings, report(findings)).toEqual([]);
    });
  }
});
