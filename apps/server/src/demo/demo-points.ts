import type { PlannedSlave } from '@fleet/simulator';
import type { NewPoint } from '../modules/devices/points.repository.js';

export type DemoPoint = Omit<NewPoint, 'deviceId' | 'slaveRef' | 'sort'>;

/** Defaults of a demo point: a monitored register, every reading stored, read-only. */
function point(fields: Partial<DemoPoint> & Pick<DemoPoint, 'name' | 'title' | 'dataType'>): DemoPoint {
  return {
    type: 0,
    sourceKind: 'register',
    area: null,
    address: null,
    registerCount: null,
    dbNumber: null,
    byteOrder: 'ABCD',
    scale: 1,
    offset: 0,
    decimals: 2,
    unit: '',
    storageMode: 1,
    storageIntervalS: 0,
    tolerance: 0,
    collectMode: 1,
    access: 'readonly',
    triggerEnable: 0,
    lolmt: null,
    uplmt: null,
    dsConfig: { translate: [] },
    ...fields,
  };
}

const RUN_TRANSLATION = {
  translate: [
    { range: { lolmt: 0, uplmt: 0 }, text: 'Stopped' },
    { range: { lolmt: 1, uplmt: 1 }, text: 'Running' },
  ],
};

/** Points matching what the simulator's devices report (tools/simulator MQTT_DEMO_POINTS, slave plan). */
export const demoPoints = {
  mqtt: [
    point({
      name: 'temp',
      title: 'Temperature',
      dataType: 'float',
      unit: '°C',
      decimals: 1,
      lolmt: -40,
      uplmt: 120,
    }),
    point({ name: 'humidity', title: 'Humidity', dataType: 'float', unit: '%RH', decimals: 1 }),
    point({ name: 'energy', title: 'Energy', dataType: 'double', unit: 'kWh', decimals: 2 }),
    point({
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
      return point({
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
