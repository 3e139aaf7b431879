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
