/**
 * Names the platform gives to data it creates for a user (a new SCADA app's first page, a copy, an
 * import without a name), in the three languages of SPEC 1. The server picks the language of the
 * request (the web app's Accept-Language); the name is stored as data, so it stays what it was when
 * created. Placeholders are `{name}`, the same in every language (a test holds them together).
 */
import type { MessageTexts } from './messages.js';
import type { Language } from './system.js';

export const CREATED_NAMES = {
  'scada.firstPage': { zh: '主页面', en: 'Main', es: 'Principal' },
  'scada.copyOf': { zh: '{name}(副本)', en: '{name} (copy)', es: '{name} (copia)' },
  'scada.imported': { zh: '导入的组态', en: 'Imported', es: 'Importado' },
} as const satisfies Record<string, MessageTexts>;

export type CreatedNameKey = keyof typeof CREATED_NAMES;

/** The name in `language`, its `{placeholders}` filled. */
export function createdName(
  key: CreatedNameKey,
  language: Language,
  params: Record<string, string> = {},
): string {
  return CREATED_NAMES[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
