import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Ant Design's table scroll containers (horizontal `.ant-table-content`, sticky-header `.ant-table-body`). */
const SCROLLERS = '.ant-table-content, .ant-table-body';

function scrollable(el: HTMLElement): boolean {
  return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
}

/**
 * Makes every table region that scrolls reachable by keyboard (WCAG 2.1.1; axe's
 * scrollable-region-focusable): a table wider than the page, with nothing focusable inside (an empty
 * or read-only list), could otherwise not be scrolled without a mouse. The container gets
 * tabIndex=0, role="region" and a name, so arrow keys scroll it once focused. Ant Design renders the
 * container itself, so this is applied to the DOM: once per change of the page, for every table.
 */
export function markScrollableTables(root: ParentNode, label: string): void {
  // Ant Design's hidden measuring row (aria-hidden, used only to size the columns) holds copies of
  // header content that could take focus (axe: aria-hidden-focus); `inert` takes them out of the
  // tab order and the accessibility tree without changing the sizes it measures.
  for (const row of root.querySelectorAll<HTMLElement>('tr.ant-table-measure-row:not([inert])'))
    row.inert = true;
  for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const marked = el.dataset.focusableScroll === '1';
    if (scrollable(el)) {
      if (marked && el.getAttribute('aria-label') === label) continue;
      el.tabIndex = 0;
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', label);
      el.dataset.focusableScroll = '1';
    } else if (marked) {
      el.removeAttribute('tabindex');
      el.removeAttribute('role');
      el.removeAttribute('aria-label');
      delete el.dataset.focusableScroll;
    }
  }
}

/** Keeps markScrollableTables applied below the app's shell while pages render and resize. */
export function useFocusableTableScroll(): void {
  const { t, i18n } = useTranslation();
  const label = t('common.scrollableTable');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-label when the language changes
  useEffect(() => {
    // At most every 300 ms, not per frame: reading scroll sizes forces a layout, so it runs once
    // after a burst of changes (a page being mounted) rather than between its commits.
    let timer = 0;
    const schedule = () => {
      if (timer) return;
      timer = window.setTimeout(() => {
        timer = 0;
        markScrollableTables(document, label);
      }, 300);
    };
    schedule();
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.clearTimeout(timer);
      mutations.disconnect();
      window.removeEventListener('resize', schedule);
    };
  }, [label, i18n.language]);
}
