import type { Language } from '@fleet/contracts';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSettings } from '../store/settings';
import { type FeatureBundle, textsOf } from './bundle';

/**
 * Texts are loaded per language, on demand (issue 16: the login page loaded every dictionary in
 * all three languages). The active language's shared dictionary, its dayjs locale and its Ant Design
 * locale are fetched before the first render (main.tsx awaits `loadLanguage`); another language is
 * fetched when chosen, and i18next switches only once it is there. Feature texts (app/i18n-bundles)
 * come with the signed-in shell (`addFeatureBundles`), not with the login page.
 */
type Dictionary = Record<string, unknown>;
const SHARED: Record<Language, () => Promise<{ default: Dictionary }>> = {
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
};
const DAYJS_LOCALE: Record<Language, string> = { zh: 'zh-cn', en: 'en', es: 'es' };
const DAYJS: Record<Language, () => Promise<unknown>> = {
  zh: () => import('dayjs/locale/zh-cn'),
  en: async () => undefined, // built into dayjs
  es: () => import('dayjs/locale/es'),
};
const ANTD: Record<Language, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/locale/zh_CN'),
  en: () => import('antd/locale/en_US'),
  es: () => import('antd/locale/es_ES'),
};

const antdLocales: Partial<Record<Language, Locale>> = {};
const loading = new Map<Language, Promise<void>>();
let features: readonly FeatureBundle[] = [];

/** Ant Design's locale of a language loaded with `loadLanguage` (undefined before). */
export function antdLocaleOf(language: string): Locale | undefined {
  return antdLocales[language as Language];
}

/** Adds one language's texts of some feature bundles (lazy ones are fetched first). */
async function addTexts(language: Language, bundles: readonly FeatureBundle[]): Promise<void> {
  const texts = await Promise.all(bundles.map((bundle) => textsOf(bundle, language)));
  for (const text of texts) i18n.addResourceBundle(language, 'translation', text, true, true);
}

/** Fetches and registers one language's texts (once); later calls share the first fetch. */
export function loadLanguage(language: Language): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = Promise.all([SHARED[language](), DAYJS[language](), ANTD[language](), features]).then(
      async ([shared, , antd, registered]) => {
        i18n.addResourceBundle(language, 'translation', shared.default, true, true);
        await addTexts(language, registered);
        antdLocales[language] = antd.default;
      },
    );
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/**
 * Registers feature texts for the languages loaded (or loading) so far and every language loaded
 * later; resolves once they are in, so a page can wait for its texts before it renders.
 */
export async function addFeatureBundles(bundles: readonly FeatureBundle[]): Promise<void> {
  const added = bundles.filter((b) => !features.includes(b));
  features = [...features, ...added];
  await Promise.all([...loading.keys()].map((language) => addTexts(language, added)));
}

function applyLanguage(language: Language): void {
  dayjs.locale(DAYJS_LOCALE[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Switches i18next, dayjs and <html lang> once the language's texts are in. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  if (useSettings.getState().language !== language) return; // another choice came in meanwhile
  await i18n.changeLanguage(language);
  applyLanguage(language);
}

const initial = useSettings.getState().language;
void i18n.use(initReactI18next).init({
  resources: {},
  lng: initial,
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
  // Re-render when a language's texts arrive (feature bundles come after the first render).
  react: { bindI18nStore: 'added' },
});
if (typeof document !== 'undefined') document.documentElement.lang = initial;

// The zustand store is the single source of the language; i18next and dayjs follow it.
useSettings.subscribe((state, prev) => {
  if (state.language !== prev.language) void switchLanguage(state.language).catch(() => undefined);
});

/** The first render waits for this: the chosen language's texts, dayjs and Ant Design locales. */
export const languageReady: Promise<void> = switchLanguage(initial);

export default i18n;
