import { LANGUAGES, type Language, meterPointTitle } from '@fleet/contracts';
import type { TFunction } from 'i18next';

/** The name the server gives the built-in meter catalogue (apps/server templates/meter-catalogue.ts). */
export const METER_TEMPLATE_NAME = 'Electric meter (Modbus)';

/**
 * Built-in templates are created by the server in one language; the web shows their name and remark in
 * the user's language by key. Templates people made are shown as they named them.
 */
export function templateText(
  t: TFunction,
  row: { builtin?: boolean; name: string; remark?: string },
): { name: string; remark: string } {
  if (row.builtin && row.name === METER_TEMPLATE_NAME) {
    return { name: t('devices.builtinTemplate.meterName'), remark: t('devices.builtinTemplate.meterRemark') };
  }
  return { name: row.name, remark: row.remark ?? '' };
}

/**
 * The title a point of `row` shows in `language`: the built-in meter catalogue's points by their name
 * (the server stores them in English), every other template's points as their author titled them.
 */
export function templatePointTitle(
  row: { builtin?: boolean; name: string } | undefined,
  point: { name: string; title?: string },
  language: string,
): string | undefined {
  const lang = language.slice(0, 2) as Language;
  if (row?.builtin && row.name === METER_TEMPLATE_NAME && LANGUAGES.includes(lang))
    return meterPointTitle(point.name, lang) ?? point.title;
  return point.title;
}
