import type { PlannedSlave } from '@fleet/device-sim';
import { type PointFields, pointFields } from '../modules/devices/point-defaults.js';

export type DemoPoint = PointFields;

const RUN_TRANSLATION = {
  translate: [
    { range: { lolmt: 0, uplmt: 0 }, text: 'Stopped' },
    { range: { lolmt: 1, uplmt: 1 }, text: 'Running' },
  ],
};

/** Points matching what the simulator's devices report (@fleet/device-sim MQTT_DEMO_POINTS, slave plan). */
export const demoPoints = {
  mqtt: [
    pointFields({
      name: 'temp',
      title: 'Temperature',
      dataType: 'float',
      unit: '°C',
      decimals: 1,
      lolmt: -40,
      uplmt: 120,
    }),
    pointFields({ name: 'humidity', title: 'Humidity', dataType: 'float', unit: '%RH', decimals: 1 }),
    pointFields({ name: 'energy', title: 'Energy', dataType: 'double', unit: 'kWh', decimals: 2 }),
    pointFields({
      name: 'run',
      title: 'Run state',
      sourceKind: 'switch',
      dataType: 'uint8',
      decimals: 0,
      access: 'readwrite',
      storageMode: 2,
      dsConfig: RUN_TRANSLATION,
    }),
  ] satisfies DemoPoint[],

  slave(points: PlannedSlave['points']): DemoPoint[] {
    return points.map((p) => {
      const kind = p.name.replace(/\d+$/, '');
      const writable = kind === 'setpoint';
      return pointFields({
        name: p.name,
        title: TITLES[kind] ?? p.name,
        dataType: p.dataType ?? 'uint16',
        area: p.area,
        address: p.address,
        registerCount: 1,
        scale: p.scale ?? 1,
        decimals: p.scale && p.scale < 1 ? Math.round(-Math.log10(p.scale)) : 0,
        unit: UNITS[kind] ?? '',
        type: writable ? 1 : 0,
        access: writable ? 'readwrite' : 'readonly',
        lolmt: writable ? 0 : null,
        uplmt: writable ? 100 : null,
      });
    });
  },
};

const TITLES: Record<string, string> = {
  temp: 'Bearing temperature',
  pressure: 'Outlet pressure',
  count: 'Run hours',
  setpoint: 'Speed setpoint',
};
const UNITS: Record<string, string> = { temp: '°C', pressure: 'bar', count: 'h', setpoint: '%' };
