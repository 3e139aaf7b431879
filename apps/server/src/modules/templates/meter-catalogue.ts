import type { TemplatePoint } from '@fleet/contracts';
import type { StoredTemplate } from './templates.table.js';

/** SPEC 3 meter data-point catalogue, seeded as a platform gateway template (one Modbus slave, id 1). */
export const METER_TEMPLATE_KEY = 'meter-catalogue-v1';
export const METER_TEMPLATE_NAME = 'Electric meter (Modbus)';

const measure = (
  name: string,
  title: string,
  unit: string,
  address: number,
  decimals = 2,
): TemplatePoint => ({
  name,
  title,
  unit,
  area: '4X',
  address,
  data_type: 'float',
  byte_order: 'ABCD',
  decimals,
  storage_mode: 1,
  storage_interval_s: 300,
});
const energy = (name: string, title: string, address: number): TemplatePoint => ({
  ...measure(name, title, 'kWh', address),
  storage_mode: 2,
  tolerance: 0.01,
});

export const METER_POINTS: TemplatePoint[] = [
  measure('ua', 'Phase A voltage', 'V', 0, 1),
  measure('ub', 'Phase B voltage', 'V', 2, 1),
  measure('uc', 'Phase C voltage', 'V', 4, 1),
  measure('ia', 'Phase A current', 'A', 6),
  measure('ib', 'Phase B current', 'A', 8),
  measure('ic', 'Phase C current', 'A', 10),
  measure('p', 'Total active power', 'kW', 12, 3),
  measure('q', 'Total reactive power', 'kvar', 14, 3),
  measure('s', 'Total apparent power', 'kVA', 16, 3),
  measure('pf', 'Power factor', '', 18, 3),
  energy('ep', 'Total active energy', 20),
  energy('ep_tip', 'Active energy, tip tariff', 22),
  energy('ep_peak', 'Active energy, peak tariff', 24),
  energy('ep_flat', 'Active energy, flat tariff', 26),
  energy('ep_valley', 'Active energy, valley tariff', 28),
  measure('freq', 'Frequency', 'Hz', 30),
  { ...measure('balance', 'Balance', '', 32), storage_mode: 2, tolerance: 0.01 },
  {
    name: 'trip',
    title: 'Trip switch',
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
