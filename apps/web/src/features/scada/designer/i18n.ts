import { defineBundle, registerBundles } from '../../../shared/i18n/bundle';
import { en } from './i18n-en';
import { es } from './i18n-es';
import { zh } from './i18n-zh';

/** The designer's strings under `scada.designer`, registered when its lazy chunk loads (not in the login bundle). */

export const scadaDesignerBundle = defineBundle(zh, en, es);

let registered = false;
export function registerScadaDesignerI18n(): void {
  if (registered) return;
  registered = true;
  registerBundles([scadaDesignerBundle]);
}
