/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { expect, type Page, test } from '@playwright/test';
import { admin } from '../support/auth.js';
import { freshLogin, shot, signIn } from '../support/ui.js';

// Issue 16, wide tables: at 1440 px, in English and in Spanish, every column of the wide lists can be seen
// in full: scrolled into view it is not under a fixed column, and no header text is cut. The body's
// cells (status tags and the like) are not cut either, except in the columns meant to end in an ellipsis.
const PAGES = [
  { route: '/device/manage', table: 'devices-table' },
  { route: '/alarm/alarmlog', table: 'alarmlog-table' },
  { route: '/alarm/onOffline', table: 'onoffline-table' },
  { route: '/dataCenter/statReport', table: 'statreport-table' },
  { route: '/dataCenter/fileDownload', table: 'export-table' },
  { route: '/user/authuser', table: 'users-table' },
  { route: '/user/authgroup', table: 'roles-table' },
  { route: '/user/loginLog', table: 'login-log-table' },
  { route: '/scada/app', table: 'scada-table' },
  { route: '/ota/device', table: 'ota-gateways-table' },
  { route: '/ota/sim', table: 'ota-sims-table' },
] as const;

type Problem = string;

/** Brings each header cell into view in turn and reports the ones hidden under a fixed column or cut. */
function inspect(table: HTMLElement): Problem[] {
  const problems: Problem[] = [];
  const scroller = table.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
  const header = table.querySelector<HTMLElement>('.ant-table-thead');
  if (!scroller || !header) return ['no table'];
  const headers = [...header.querySelectorAll<HTMLElement>('th.ant-table-cell')].filter(
    (th) => !th.classList.contains('ant-table-cell-scrollbar') && th.innerText.trim() !== '',
  );
  const name = (el: HTMLElement) => el.innerText.trim().replace(/\s+/g, ' ');
  // A fixed cell's shadow (a pseudo-element past its edge) and a switch's hidden label overflow by design.
  const fixed = (el: HTMLElement) => /ant-table-cell-fix-(start|end)/.test(el.className);
  const cut = (root: HTMLElement) =>
    [...(fixed(root) ? [] : [root]), ...root.querySelectorAll<HTMLElement>('*')].some(
      (el) => !el.closest('.ant-switch') && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1,
    );
  const fixedStart = headers.filter((th) => th.classList.contains('ant-table-cell-fix-start'));
  const fixedEnd = headers.filter((th) => th.classList.contains('ant-table-cell-fix-end'));
  const startWidth = fixedStart.reduce((w, th) => w + th.getBoundingClientRect().width, 0);
  const endWidth = fixedEnd.reduce((w, th) => w + th.getBoundingClientRect().width, 0);
  for (const th of headers) {
    if (cut(th)) problems.push(`header "${name(th)}" is cut`);
    if (fixedStart.includes(th) || fixedEnd.includes(th)) continue;
    // Scroll the table (from the left) just far enough that this column's right edge clears the fixed end.
    scroller.scrollLeft = 0;
    const base = scroller.getBoundingClientRect().left;
    const right = th.getBoundingClientRect().right - base;
    scroller.scrollLeft = Math.max(0, right - (scroller.clientWidth - endWidth));
    const box = th.getBoundingClientRect();
    const view = scroller.getBoundingClientRect();
    const left = view.left + startWidth;
    const end = fixedEnd.length
      ? Math.min(...fixedEnd.map((f) => f.getBoundingClientRect().left))
      : view.left + scroller.clientWidth;
    if (box.left < left - 1 || box.right > end + 1)
      problems.push(
        `header "${name(th)}" [${Math.round(box.left)}, ${Math.round(box.right)}] is under a fixed column (visible [${Math.round(left)}, ${Math.round(end)}])`,
      );
  }
  scroller.scrollLeft = 0;
  const rows = [...table.querySelectorAll<HTMLElement>('tr.ant-table-row')].slice(0, 5);
  for (const row of rows)
    for (const [i, td] of [...row.querySelectorAll<HTMLElement>('td.ant-table-cell')].entries())
      if (!td.classList.contains('ant-table-cell-ellipsis') && cut(td))
        problems.push(`cell "${name(td)}" of column ${i + 1} is cut`);
  return problems;
}

async function checkTables(page: Page, lang: 'en' | 'es') {
  await freshLogin(page, lang);
  await signIn(page, admin().username, admin().password);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const problems: string[] = [];
  for (const { route, table } of PAGES) {
    await page.goto(route);
    const list = page.getByTestId(table);
    await expect(list.locator('.ant-table-row, .ant-empty').first()).toBeVisible({ timeout: 20_000 });
    await expect(list.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
    await shot(page, `wide-table-${lang}-${table}`);
    for (const p of await list.evaluate(inspect)) problems.push(`${route}: ${p}`);
  }
  expect(problems, problems.join('\n')).toEqual([]);
}

test.describe('wide tables at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  for (const lang of ['en', 'es'] as const)
    test(`no column is hidden or cut (${lang})`, async ({ page }) => {
      test.setTimeout(120_000);
      await checkTables(page, lang);
    });
});
