/** The demo SCADA app's sensor room: one card per MQTT sensor, with its run state switch. */
import type { Element } from '@fleet/scada-model';
import type { DemoSensorPoints } from './demo-scada-document.js';
import { byId, frame, GREEN, GREY, label, valueText } from './demo-scada-kit.js';

export const SENSOR_PAGE = 'sensors';

type Add = (page: string, id: string, element: Element) => void;

export function addSensorRoom(add: Add, sensors: DemoSensorPoints[], pumpPage: string): void {
  add(pumpPage, 'toSensors', {
    kind: 'link',
    frame: frame(1680, 40, 180, 44),
    label: 'Sensor room',
    to: { kind: 'page', page: SENSOR_PAGE },
  });
  add(SENSOR_PAGE, 'title', label(60, 40, 800, 'Sensor room', 36, true));
  add(SENSOR_PAGE, 'toPumps', {
    kind: 'link',
    frame: frame(1680, 40, 180, 44),
    label: 'Pump station',
    to: { kind: 'page', page: pumpPage },
  });
  sensors.forEach((sensor, i) => {
    const x0 = 60 + i * 620;
    const s = `s${i + 1}`;
    add(SENSOR_PAGE, `${s}Box`, {
      kind: 'rectangle',
      frame: frame(x0, 120, 580, 520),
      fill: '#f0f0f0',
      stroke: '#bfbfbf',
      strokeWidth: 1,
      radius: 8,
    });
    add(SENSOR_PAGE, `${s}Title`, label(x0 + 24, 136, 400, sensor.title, 26, true));
    add(SENSOR_PAGE, `${s}Lamp`, {
      kind: 'symbol',
      name: `Run lamp ${i + 1}`,
      symbol: 'builtin:lamp-indicator',
      frame: frame(x0 + 500, 136, 48, 48),
      bindings: [
        {
          point: byId(sensor.run),
          map: { kind: 'discrete', cases: [{ equals: 1, fill: GREEN }], otherwise: { fill: GREY } },
        },
      ],
    });
    add(SENSOR_PAGE, `${s}Gauge`, {
      kind: 'gauge',
      name: `Temperature ${i + 1}`,
      style: 'dial',
      point: byId(sensor.temp),
      min: 0,
      max: 40,
      decimals: 1,
      frame: frame(x0 + 24, 200, 220, 220),
    });
    add(SENSOR_PAGE, `${s}Temp`, {
      ...label(x0 + 280, 210, 280, 'Temperature --', 20),
      bindings: [valueText(sensor.temp, 1, 'Temperature ')],
    });
    add(SENSOR_PAGE, `${s}Humidity`, {
      ...label(x0 + 280, 250, 280, 'Humidity --', 20),
      bindings: [valueText(sensor.humidity, 1, 'Humidity ')],
    });
    add(SENSOR_PAGE, `${s}HumidityBar`, {
      kind: 'gauge',
      name: `Humidity ${i + 1}`,
      style: 'bar',
      point: byId(sensor.humidity),
      min: 0,
      max: 100,
      decimals: 1,
      frame: frame(x0 + 280, 290, 260, 28),
    });
    add(SENSOR_PAGE, `${s}Energy`, {
      ...label(x0 + 280, 340, 280, 'Energy --', 20),
      bindings: [valueText(sensor.energy, 2, 'Energy ')],
    });
    add(SENSOR_PAGE, `${s}Run`, {
      ...label(x0 + 24, 460, 300, '--', 22, true),
      bindings: [valueText(sensor.run, 0, 'State: ')],
    });
    add(SENSOR_PAGE, `${s}Switch`, {
      kind: 'switch',
      name: `Run ${i + 1}`,
      frame: frame(x0 + 24, 520, 140, 48),
      onLabel: 'Running',
      offLabel: 'Stopped',
      bindings: [
        {
          point: byId(sensor.run),
          map: { kind: 'discrete', cases: [{ equals: 1, fill: GREEN }], otherwise: { fill: GREY } },
        },
      ],
      write: {
        point: byId(sensor.run),
        expression: 'value == 1 ? 0 : 1',
        confirm: true,
        confirmText: `Switch ${sensor.title} on or off?`,
        permission: 'control',
      },
    });
  });
  if (sensors.length > 0) {
    add(SENSOR_PAGE, 'trend', {
      kind: 'trend',
      name: 'Temperatures',
      frame: frame(60, 680, 1800, 340),
      series: sensors.slice(0, 8).map((sensor, i) => ({
        point: byId(sensor.temp),
        color: ['#1677ff', '#fa8c16', '#eb2f96', '#52c41a'][i % 4]!,
        label: sensor.title,
      })),
      windowSeconds: 900,
    });
  }
}
