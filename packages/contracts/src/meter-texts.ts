/**
 * Words of the built-in meter template (SPEC 3's meter data-point catalogue) in the three languages of
 * SPEC 1. The template is stored once, in English; the web app shows its point titles in the reader's
 * language, and applying it to a gateway names the new points in the requester's language (they are
 * data from then on, like every name the platform creates: created-names.ts).
 */
import type { MessageTexts } from './messages.js';
import type { Language } from './system.js';

export const METER_POINT_TITLES = {
  ua: { zh: 'A相电压', en: 'Phase A voltage', es: 'Tensión de la fase A' },
  ub: { zh: 'B相电压', en: 'Phase B voltage', es: 'Tensión de la fase B' },
  uc: { zh: 'C相电压', en: 'Phase C voltage', es: 'Tensión de la fase C' },
  ia: { zh: 'A相电流', en: 'Phase A current', es: 'Corriente de la fase A' },
  ib: { zh: 'B相电流', en: 'Phase B current', es: 'Corriente de la fase B' },
  ic: { zh: 'C相电流', en: 'Phase C current', es: 'Corriente de la fase C' },
  p: { zh: '总有功功率', en: 'Total active power', es: 'Potencia activa total' },
  q: { zh: '总无功功率', en: 'Total reactive power', es: 'Potencia reactiva total' },
  s: { zh: '总视在功率', en: 'Total apparent power', es: 'Potencia aparente total' },
  pf: { zh: '功率因数', en: 'Power factor', es: 'Factor de potencia' },
  ep: { zh: '总有功电能', en: 'Total active energy', es: 'Energía activa total' },
  ep_tip: { zh: '尖时段有功电能', en: 'Active energy, tip tariff', es: 'Energía activa, tarifa punta extra' },
  ep_peak: { zh: '峰时段有功电能', en: 'Active energy, peak tariff', es: 'Energía activa, tarifa punta' },
  ep_flat: { zh: '平时段有功电能', en: 'Active energy, flat tariff', es: 'Energía activa, tarifa llana' },
  ep_valley: { zh: '谷时段有功电能', en: 'Active energy, valley tariff', es: 'Energía activa, tarifa valle' },
  freq: { zh: '频率', en: 'Frequency', es: 'Frecuencia' },
  balance: { zh: '余额', en: 'Balance', es: 'Saldo' },
  trip: { zh: '跳闸开关', en: 'Trip switch', es: 'Interruptor de disparo' },
} as const satisfies Record<string, MessageTexts>;

/** Texts of the trip switch's value translation (0 closed, 1 tripped). */
export const METER_STATE_TEXTS = {
  closed: { zh: '合闸', en: 'closed', es: 'cerrado' },
  tripped: { zh: '跳闸', en: 'tripped', es: 'disparado' },
} as const satisfies Record<string, MessageTexts>;

export type MeterPointName = keyof typeof METER_POINT_TITLES;

/** The title of a meter catalogue point in `language`; undefined for a name the catalogue lacks. */
export function meterPointTitle(name: string, language: Language): string | undefined {
  return Object.hasOwn(METER_POINT_TITLES, name)
    ? METER_POINT_TITLES[name as MeterPointName][language]
    : undefined;
}

/** A translation text of the catalogue in `language`; other texts unchanged. */
export function meterStateText(text: string, language: Language): string {
  return Object.hasOwn(METER_STATE_TEXTS, text)
    ? METER_STATE_TEXTS[text as keyof typeof METER_STATE_TEXTS][language]
    : text;
}
