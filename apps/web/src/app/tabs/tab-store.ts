import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { addTab, renameTab, type VisitedTab } from './tab-model';

interface TabState {
  tabs: VisitedTab[];
  visit: (tab: VisitedTab) => void;
  setTabs: (tabs: VisitedTab[]) => void;
  rename: (path: string, title: string | undefined) => void;
}

/** Visited tabs survive a reload of the browser tab (sessionStorage), not a new session. */
export const useTabStore = create<TabState>()(
  persist(
    (set) => ({
      tabs: [],
      visit: (tab) => set((s) => ({ tabs: addTab(s.tabs, tab) })),
      setTabs: (tabs) => set({ tabs }),
      rename: (path, title) => set((s) => ({ tabs: renameTab(s.tabs, path, title) })),
    }),
    { name: 'visitedTabs', storage: createJSONStorage(() => sessionStorage) },
  ),
);

/** Names the current page's tab (e.g. after the device it shows has loaded). */
export function useTabTitle(title: string | undefined) {
  const { pathname } = useLocation();
  const tabs = useTabStore((s) => s.tabs);
  const rename = useTabStore((s) => s.rename);
  const present = tabs.some((t) => t.path === pathname);
  useEffect(() => {
    if (title && present) rename(pathname, title);
  }, [pathname, title, present, rename]);
}
