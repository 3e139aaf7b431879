import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { closeAllTabs, closeOtherTabs, closeTab, type TabChange, type VisitedTab } from '../tabs/tab-model';
import { useTabStore } from '../tabs/tab-store';
import { TabContextMenu, type TabMenuAction } from './TabContextMenu';

export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useTabStore((s) => s.tabs);
  const setTabs = useTabStore((s) => s.setTabs);
  const barRef = useRef<HTMLDivElement>(null);

  // Keep the active tab in view when the bar overflows (horizontal only; never scrolls the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the active tab or the tab count changes
  useEffect(() => {
    const bar = barRef.current;
    const active = bar?.querySelector<HTMLElement>('[data-active="true"]');
    if (!bar || !active) return;
    const left = active.offsetLeft - bar.offsetLeft;
    if (left < bar.scrollLeft) bar.scrollLeft = left - 12;
    else if (left + active.offsetWidth > bar.scrollLeft + bar.clientWidth)
      bar.scrollLeft = left + active.offsetWidth - bar.clientWidth + 12;
  }, [pathname, tabs.length]);

  const apply = (change: TabChange) => {
    setTabs(change.tabs);
    if (change.navigateTo) navigate(change.navigateTo);
  };

  // Scroll arrows when the tabs overflow: the first tabs must stay reachable without a scrollbar drag.
  const [overflow, setOverflow] = useState({ left: false, right: false });
  useEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const measure = () =>
      setOverflow({
        left: bar.scrollLeft > 1,
        right: bar.scrollLeft + bar.clientWidth < bar.scrollWidth - 1,
      });
    measure();
    bar.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(bar);
    // Tabs opened or closed change what overflows without resizing the bar itself.
    const tabsChanged = typeof MutationObserver === 'undefined' ? null : new MutationObserver(measure);
    tabsChanged?.observe(bar, { childList: true, subtree: true });
    return () => {
      bar.removeEventListener('scroll', measure);
      observer?.disconnect();
      tabsChanged?.disconnect();
    };
  }, []);
  const scrollBy = (dx: number) => barRef.current?.scrollBy({ left: dx, behavior: 'smooth' });

  const [menu, setMenu] = useState<{ tab: VisitedTab; x: number; y: number } | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  const onMenu = (tab: VisitedTab, action: TabMenuAction) => {
    if (action === 'refresh') navigate(`/redirect${tab.path}`, { replace: true });
    else if (action === 'close') apply(closeTab(tabs, tab.path, pathname));
    else if (action === 'close-others') apply(closeOtherTabs(tabs, tab.path, pathname));
    else apply(closeAllTabs());
  };

  return (
    <div className="tab-strip">
      {(overflow.left || overflow.right) && (
        <button
          type="button"
          className="tab-scroll"
          disabled={!overflow.left}
          onClick={() => scrollBy(-240)}
          aria-label={t('tabs.scrollLeft')}
          title={t('tabs.scrollLeft')}
          data-testid="tabs-scroll-left"
        >
          <LeftOutlined />
        </button>
      )}
      <div className="tab-bar" role="tablist" aria-label={t('tabs.label')} data-testid="tabs" ref={barRef}>
        {tabs.map((tab) => {
          const active = tab.path === pathname;
          return (
            <div
              key={tab.path}
              role="tab"
              tabIndex={0}
              aria-selected={active}
              className={`tab-item${active ? ' tab-item-active' : ''}`}
              data-testid="tab"
              data-path={tab.path}
              data-active={active ? 'true' : 'false'}
              onClick={() => {
                if (!active) navigate(tab.path);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !active) navigate(tab.path);
              }}
              // No focus on mouse down: focusing an element inside the sticky bar makes Chrome scroll
              // the page, which closes the context menu. Keyboard users still reach the tab with Tab.
              onMouseDown={(e) => e.preventDefault()}
              onContextMenu={(e) => {
                e.preventDefault();
                setMenu({ tab, x: e.clientX, y: e.clientY });
              }}
              onAuxClick={(e) => {
                if (e.button === 1) {
                  e.preventDefault();
                  apply(closeTab(tabs, tab.path, pathname));
                }
              }}
            >
              {active && <span className="tab-dot" />}
              <span className="tab-title" title={tab.title ?? t(tab.titleKey)}>
                {tab.title ?? t(tab.titleKey)}
              </span>
              <CloseOutlined
                className="tab-close"
                data-testid="tab-close"
                aria-label={t('tabs.close')}
                onClick={(e) => {
                  e.stopPropagation();
                  apply(closeTab(tabs, tab.path, pathname));
                }}
              />
            </div>
          );
        })}
        {menu && (
          <TabContextMenu
            x={menu.x}
            y={menu.y}
            onClose={closeMenu}
            onAction={(action) => onMenu(menu.tab, action)}
          />
        )}
      </div>
      {(overflow.left || overflow.right) && (
        <button
          type="button"
          className="tab-scroll"
          disabled={!overflow.right}
          onClick={() => scrollBy(240)}
          aria-label={t('tabs.scrollRight')}
          title={t('tabs.scrollRight')}
          data-testid="tabs-scroll-right"
        >
          <RightOutlined />
        </button>
      )}
    </div>
  );
}
