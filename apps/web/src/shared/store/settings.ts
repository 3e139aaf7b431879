import { LANGUAGES, type Language } from '@fleet/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';

export type ComponentSize = 'small' | 'middle' | 'large';
export const COMPONENT_SIZES: readonly ComponentSize[] = ['small', 'middle', 'large'];

/** localStorage keys: each setting under its own readable key (SPEC 1: language under `language`). */
export const STORAGE_KEYS = {
  language: 'language',
  size: 'size',
  sidebarCollapsed: 'sidebarCollapsed',
} as const;
const PERSIST_NAME = 'fleet-settings';

export interface SettingsState {
  language: Language;
  size: ComponentSize;
  sidebarCollapsed: boolean;
  setLanguage: (language: Language) => void;
  setSize: (size: ComponentSize) => void;
  setSidebarCollapsed: (collapsed: boolean) => void;
  toggleSidebar: () => void;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
function isSize(value: unknown): value is ComponentSize {
  return typeof value === 'string' && (COMPONENT_SIZES as readonly string[]).includes(value);
}

/**
 * zustand's persist writes one JSON blob; this storage splits it into one plain key per setting,
 * so `localStorage.language` holds just `zh` / `en` / `es` as SPEC 1 asks.
 */
const splitStorage: StateStorage = {
  getItem: () => {
    const language = localStorage.getItem(STORAGE_KEYS.language);
    const size = localStorage.getItem(STORAGE_KEYS.size);
    const collapsed = localStorage.getItem(STORAGE_KEYS.sidebarCollapsed);
    const state: Partial<SettingsState> = {};
    if (isLanguage(language)) state.language = language;
    if (isSize(size)) state.size = size;
    if (collapsed === '1' || collapsed === '0') state.sidebarCollapsed = collapsed === '1';
    return JSON.stringify({ state, version: 0 });
  },
  setItem: (_name, value) => {
    const { state } = JSON.parse(value) as { state: SettingsState };
    localStorage.setItem(STORAGE_KEYS.language, state.language);
    localStorage.setItem(STORAGE_KEYS.size, state.size);
    localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, state.sidebarCollapsed ? '1' : '0');
  },
  removeItem: () => {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  },
};

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      language: 'zh',
      size: 'middle',
      sidebarCollapsed: false,
      setLanguage: (language) => set({ language }),
      setSize: (size) => set({ size }),
      setSidebarCollapsed: (sidebarCollapsed) => set({ sidebarCollapsed }),
      toggleSidebar: () => set((s) => ({ sidebarCollapsed: !s.sidebarCollapsed })),
    }),
    {
      name: PERSIST_NAME,
      storage: createJSONStorage(() => splitStorage),
      partialize: (s) => ({ language: s.language, size: s.size, sidebarCollapsed: s.sidebarCollapsed }),
    },
  ),
);
