import type { Language } from '@fleet/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/es';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSettings } from '../store/settings';
import en from './en';
import es from './es';
import zh from './zh';

export const resources = {
  zh: { translation: zh },
  en: { translation: en },
  es: { translation: es },
} as const;

const DAYJS_LOCALE: Record<Language, string> = { zh: 'zh-cn', en: 'en', es: 'es' };

function applyLanguage(language: Language): void {
  dayjs.locale(DAYJS_LOCALE[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const initial = useSettings.getState().language;
void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
applyLanguage(initial);

// The zustand store is the single source of the language; i18next and dayjs follow it.
useSettings.subscribe((state, prev) => {
  if (state.language !== prev.language) {
    void i18n.changeLanguage(state.language);
    applyLanguage(state.language);
  }
});

export default i18n;
