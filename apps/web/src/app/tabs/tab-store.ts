import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { addTab, type VisitedTab } from './tab-model';

interface TabState {
  tabs: VisitedTab[];
  visit: (tab: VisitedTab) => void;
  setTabs: (tabs: VisitedTab[]) => void;
}

/** Visited tabs survive a reload of the browser tab (sessionStorage), not a new session. */
export const useTabStore = create<TabState>()(
  persist(
    (set) => ({
      tabs: [],
      visit: (tab) => set((s) => ({ tabs: addTab(s.tabs, tab) })),
      setTabs: (tabs) => set({ tabs }),
    }),
    { name: 'visitedTabs', storage: createJSONStorage(() => sessionStorage) },
  ),
);
