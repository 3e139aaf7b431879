import i18n from 'i18next';

/**
 * A feature's own strings in the three languages. Features keep their texts next to their code
 * (features/<feature>/i18n.ts) so that two features never edit the same language file; the app
 * registers every bundle once at start (app/i18n-bundles.ts).
 */
export interface I18nBundle<T extends object = object> {
  zh: T;
  en: T;
  es: T;
}

/** Type-checks that en and es have the shape of zh. */
export function defineBundle<T extends object>(zh: T, en: T, es: T): I18nBundle<T> {
  return { zh, en, es };
}

export function registerBundles(bundles: readonly I18nBundle[]): void {
  for (const bundle of bundles) {
    for (const lng of ['zh', 'en', 'es'] as const) {
      i18n.addResourceBundle(lng, 'translation', bundle[lng], true, true);
    }
  }
}
