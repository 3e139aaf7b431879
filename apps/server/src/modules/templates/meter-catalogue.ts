import {
  type Language,
  METER_POINT_TITLES,
  type MeterPointName,
  meterPointTitle,
  meterStateText,
  type TemplatePoint,
} from '@fleet/contracts';
import type { StoredTemplate } from './templates.table.js';

/** SPEC 3 meter data-point catalogue, seeded as a platform gateway template (one Modbus slave, id 1). */
export const METER_TEMPLATE_KEY = 'meter-catalogue-v1';
export const METER_TEMPLATE_NAME = 'Electric meter (Modbus)';

const measure = (name: MeterPointName, unit: string, address: number, decimals = 2): TemplatePoint => ({
  name,
  title: METER_POINT_TITLES[name].en,
  unit,
  area: '4X',
  address,
  data_type: 'float',
  byte_order: 'ABCD',
  decimals,
  storage_mode: 1,
  storage_interval_s: 300,
});
const energy = (name: MeterPointName, address: number): TemplatePoint => ({
  ...measure(name, 'kWh', address),
  storage_mode: 2,
  tolerance: 0.01,
});

export const METER_POINTS: TemplatePoint[] = [
  measure('ua', 'V', 0, 1),
  measure('ub', 'V', 2, 1),
  measure('uc', 'V', 4, 1),
  measure('ia', 'A', 6),
  measure('ib', 'A', 8),
  measure('ic', 'A', 10),
  measure('p', 'kW', 12, 3),
  measure('q', 'kvar', 14, 3),
  measure('s', 'kVA', 16, 3),
  measure('pf', '', 18, 3),
  energy('ep', 20),
  energy('ep_tip', 22),
  energy('ep_peak', 24),
  energy('ep_flat', 26),
  energy('ep_valley', 28),
  measure('freq', 'Hz', 30),
  { ...measure('balance', '', 32), storage_mode: 2, tolerance: 0.01 },
  {
    name: 'trip',
    title: METER_POINT_TITLES.trip.en,
    type: 1,
    source_kind: 'switch',
    area: '0X',
    address: 0,
    data_type: 'uint8',
    access: 'readwrite',
    storage_mode: 2,
    ds_config: {
      translate: [
        { range: { lolmt: 0, uplmt: 0 }, text: 'closed' },
        { range: { lolmt: 1, uplmt: 1 }, text: 'tripped' },
      ],
    },
  },
];

export const METER_TEMPLATE: StoredTemplate = {
  gateway_protocol: 'Modbus_RTU',
  slaves: [{ name: 'meter', slave_id: 1, points: METER_POINTS }],
  points: [],
};

/**
 * The catalogue's points in `language`: titles and the trip switch's state texts. Applying the
 * template names the new points in the requester's language (they are data from then on).
 */
export function localizedMeterPoint(point: TemplatePoint, language: Language): TemplatePoint {
  const title = meterPointTitle(point.name, language);
  const translate = point.ds_config?.translate;
  return {
    ...point,
    title: title ?? point.title,
    ...(translate && {
      ds_config: {
        ...point.ds_config,
        translate: translate.map((item) => ({ ...item, text: meterStateText(item.text, language) })),
      },
    }),
  };
}
