import type { Language } from '@fleet/contracts';
import i18n from 'i18next';

/**
 * A feature's own strings in the three languages. Features keep their texts next to their code
 * (features/<feature>/i18n) so that two features never edit the same language file.
 *
 * Two forms: an eager bundle holds all three languages (fine for a feature that ships in its own
 * lazy chunk and registers itself, like SCADA); a lazy bundle (`lazyBundle`) imports one file per
 * language, so the signed-in shell, which registers every feature at once (app/i18n-bundles.ts),
 * downloads only the active language's texts (issue 16).
 */
export interface I18nBundle<T extends object = object> {
  zh: T;
  en: T;
  es: T;
}

export interface LazyBundle {
  readonly lazy: Readonly<Record<Language, () => Promise<{ default: object }>>>;
}

export type FeatureBundle = I18nBundle | LazyBundle;

/** Type-checks that en and es have the shape of zh. */
export function defineBundle<T extends object>(zh: T, en: T, es: T): I18nBundle<T> {
  return { zh, en, es };
}

/** A bundle whose languages are separate modules (each `export default`), fetched when needed. */
export function lazyBundle(lazy: LazyBundle['lazy']): LazyBundle {
  return { lazy };
}

/** One language's texts of a bundle, fetched first when the bundle is lazy. */
export async function textsOf(bundle: FeatureBundle, language: Language): Promise<object> {
  return 'lazy' in bundle ? (await bundle.lazy[language]()).default : bundle[language];
}

/** Registers eager bundles in every language at once (a feature chunk registering itself). */
export function registerBundles(bundles: readonly I18nBundle[]): void {
  for (const bundle of bundles) {
    for (const lng of ['zh', 'en', 'es'] as const) {
      i18n.addResourceBundle(lng, 'translation', bundle[lng], true, true);
    }
  }
}
