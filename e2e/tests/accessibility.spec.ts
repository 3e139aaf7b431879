import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiToken, call } from '../support/api.js';
import { admin } from '../support/auth.js';
import { freshLogin, shot, signIn } from '../support/ui.js';

// Issue 16, accessibility: axe-core (WCAG 2.x A/AA rules and best practices) on the main pages at
// 1440 px finds no serious or critical violation. No rule is switched off and no node is left out
// (Ant Design's hidden table measuring row is made inert by shared/table/focusable-scroll).
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
  { name: 'balance', route: '/balance' },
  { name: 'recharge', route: '/recharge' },
  { name: 'consumption', route: '/consumeOrder' },
  { name: 'fee-overview', route: '/fee/overview' },
] as const;

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

  test('the main pages of a signed-in administrator', async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await apiToken(request);
    // A device of its own, so the details page has something to show whatever ran before.
    const imei = `86${Date.now().toString().slice(-13)}`;
    const device = await call<{ id: number }>(request, token, 'POST', '/device', {
      device_imei: imei,
      device_title: `Meter ${imei.slice(-5)}`,
      protocol: 6,
    });
    const deviceId = device.id;
    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    const findings: Finding[] = [];
    for (const { name, route } of PAGES) {
      await page.goto(route.replace(':id', String(deviceId)));
      await expect(page.getByTestId('sidebar')).toBeVisible();
      findings.push(...(await audit(page, name)));
    }
    expect(findings, report(findings)).toEqual([]);
  });
});
