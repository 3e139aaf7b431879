import {
  applyCommand,
  type Binding,
  DEFAULT_CANVAS,
  type Element,
  loadDocument,
  SCADA_SCHEMA_VERSION,
  type ScadaDocument,
} from '@fleet/scada-model';
import { byId, frame, GREEN, GREY, label, pipe, valueText } from './demo-scada-kit.js';
import { addSensorRoom, SENSOR_PAGE } from './demo-scada-sensors.js';

/** The demo SCADA app (issue 17 item 5): the pump station gateway and the three sensor rooms. */
export const DEMO_SCADA_NAME = 'Pump station';
const PUMP_PAGE = 'pumps';

/** Point ids (as strings, the document's form) of one pump: a Modbus slave of the demo gateway. */
export interface DemoPumpPoints {
  title: string;
  /** Outlet pressure, a 1..6 bar sine of two minutes: it drives the tank level, so tanks fill and drain. */
  pressure: string;
  /** Bearing temperature, a random walk 20..80 °C. */
  temp: string;
  /** Run hours, a counter: turns the motor fan a step at every poll. */
  count: string;
  /** Speed set point 0..100 % (writable): the pump runs and its pipes flow while it is above zero. */
  setpoint: string;
}

/** Point ids of one demo MQTT sensor (cold rooms, boiler house). */
export interface DemoSensorPoints {
  title: string;
  temp: string;
  humidity: string;
  energy: string;
  /** 0 stopped / 1 running, writable (a switch), translated by the point (SPEC 4). */
  run: string;
}

export interface DemoScadaPoints {
  pumps: DemoPumpPoints[];
  sensors: DemoSensorPoints[];
}

/**
 * Builds the document with the model's own commands (each insert is validated as the editor's would
 * be), so the demo cannot ship a drawing the server or the runtime would refuse.
 */
export function buildDemoScadaDocument(points: DemoScadaPoints): ScadaDocument {
  let doc: ScadaDocument = {
    schemaVersion: SCADA_SCHEMA_VERSION,
    name: DEMO_SCADA_NAME,
    pages: { [PUMP_PAGE]: { name: 'Pump station', canvas: DEFAULT_CANVAS, elements: {}, order: [] } },
    pageOrder: [PUMP_PAGE],
  };
  const add = (page: string, id: string, element: Element) => {
    doc = applyCommand(doc, { type: 'addElement', page, id, element }).doc;
  };

  // Pump station: a header pipe on top, per pump a tank, a suction pipe, the pump with its motor fan, a
  // discharge pipe up to the header, gauges, labels and the speed set point input.
  add(PUMP_PAGE, 'title', label(60, 40, 800, 'Pump station', 36, true));
  add(PUMP_PAGE, 'subtitle', label(60, 92, 1200, 'Demo gateway: two pumps on Modbus, polled every 5 s', 18));
  add(
    PUMP_PAGE,
    'header',
    pipe(
      'Discharge header',
      [200, 180, 1500, 16],
      [
        { x: 0, y: 8 },
        { x: 1500, y: 8 },
      ],
      14,
      points.pumps[0]
        ? [{ point: byId(points.pumps[0].setpoint), map: { kind: 'flow', deadband: 0.5 } }]
        : [],
    ),
  );
  add(PUMP_PAGE, 'headerLabel', label(1720, 172, 180, 'To network', 18));

  points.pumps.forEach((pump, i) => {
    const x0 = 120 + i * 860;
    const p = `p${i + 1}`;
    const running = { point: byId(pump.setpoint), map: { kind: 'flow', deadband: 0.5 } } satisfies Binding;
    add(PUMP_PAGE, `${p}Box`, {
      kind: 'rectangle',
      frame: frame(x0 - 40, 240, 800, 760),
      fill: '#f0f0f0',
      stroke: '#bfbfbf',
      strokeWidth: 1,
      radius: 8,
    });
    add(PUMP_PAGE, `${p}Title`, label(x0, 256, 500, pump.title, 26, true));
    // Tank: its level follows the outlet pressure (hydrostatic head), 1..6 bar -> 5..95 %.
    add(PUMP_PAGE, `${p}Tank`, {
      kind: 'symbol',
      name: `Tank ${i + 1}`,
      symbol: 'builtin:tank-vertical',
      frame: frame(x0, 340, 160, 320),
      bindings: [
        {
          point: byId(pump.pressure),
          map: { kind: 'linear', prop: 'level', from: [1, 6], to: [0.05, 0.95] },
        },
      ],
    });
    add(PUMP_PAGE, `${p}TankLabel`, label(x0, 670, 220, `Tank ${i + 1}`, 20, true));
    add(PUMP_PAGE, `${p}TankLevel`, {
      ...label(x0, 700, 300, 'Level --', 18),
      bindings: [
        {
          point: byId(pump.pressure),
          map: {
            kind: 'expression',
            prop: 'text',
            expression: "'Level ' + round((value - 1) / 5 * 90 + 5) + ' %'",
          },
        },
      ],
    });
    add(
      PUMP_PAGE,
      `${p}Suction`,
      pipe(
        `Suction ${i + 1}`,
        [x0 + 160, 600, 200, 16],
        [
          { x: 0, y: 8 },
          { x: 200, y: 8 },
        ],
        12,
        [running],
      ),
    );
    add(
      PUMP_PAGE,
      `${p}Discharge`,
      pipe(
        `Discharge ${i + 1}`,
        [x0 + 400, 188, 16, 392],
        [
          { x: 8, y: 392 },
          { x: 8, y: 0 },
        ],
        12,
        [running],
      ),
    );
    // The pump: green while its speed set point is above zero, grey when stopped.
    add(PUMP_PAGE, `${p}Pump`, {
      kind: 'symbol',
      name: `Pump ${i + 1}`,
      symbol: 'builtin:pump-centrifugal',
      frame: frame(x0 + 360, 560, 120, 120),
      bindings: [
        {
          point: byId(pump.setpoint),
          map: { kind: 'threshold', prop: 'fill', below: GREY, stops: [{ at: 1, color: GREEN }] },
        },
      ],
    });
    // Its motor fan turns a step with every counter reading, and stands still when the pump is stopped.
    add(PUMP_PAGE, `${p}Fan`, {
      kind: 'symbol',
      name: `Motor fan ${i + 1}`,
      symbol: 'builtin:fan-axial',
      frame: frame(x0 + 500, 580, 80, 80),
      bindings: [
        {
          point: byId(pump.count),
          map: { kind: 'expression', prop: 'rotation', expression: '(value * 45) % 360' },
        },
        {
          point: byId(pump.setpoint),
          map: { kind: 'threshold', prop: 'fill', below: GREY, stops: [{ at: 1, color: GREEN }] },
        },
      ],
    });
    add(PUMP_PAGE, `${p}State`, {
      ...label(x0 + 360, 690, 240, '--', 20, true),
      bindings: [
        {
          point: byId(pump.setpoint),
          map: {
            kind: 'expression',
            prop: 'text',
            expression: "value > 0 ? 'Running ' + round(value) + ' %' : 'Stopped'",
          },
        },
        {
          point: byId(pump.setpoint),
          map: { kind: 'threshold', prop: 'fill', below: GREY, stops: [{ at: 1, color: GREEN }] },
        },
      ],
    });
    add(PUMP_PAGE, `${p}Pressure`, {
      kind: 'gauge',
      name: `Outlet pressure ${i + 1}`,
      style: 'dial',
      point: byId(pump.pressure),
      min: 0,
      max: 8,
      decimals: 2,
      frame: frame(x0 + 460, 300, 200, 200),
    });
    add(PUMP_PAGE, `${p}PressureLabel`, {
      ...label(x0 + 460, 505, 260, 'Outlet pressure', 18),
      bindings: [valueText(pump.pressure, 2, 'Outlet ')],
    });
    add(PUMP_PAGE, `${p}Temp`, {
      kind: 'gauge',
      name: `Bearing temperature ${i + 1}`,
      style: 'bar',
      point: byId(pump.temp),
      min: 0,
      max: 100,
      decimals: 1,
      frame: frame(x0 + 680, 300, 40, 200),
    });
    add(PUMP_PAGE, `${p}TempLabel`, {
      ...label(x0, 760, 360, 'Bearing --', 18),
      bindings: [valueText(pump.temp, 1, 'Bearing ')],
    });
    add(PUMP_PAGE, `${p}Hours`, {
      ...label(x0, 790, 360, 'Run hours --', 18),
      bindings: [valueText(pump.count, 0, 'Run hours ')],
    });
    add(PUMP_PAGE, `${p}SetLabel`, label(x0, 850, 360, 'Speed set point (%)', 18, true));
    add(PUMP_PAGE, `${p}SetValue`, {
      ...label(x0, 880, 360, '--', 18),
      bindings: [valueText(pump.setpoint, 0, 'Now ')],
    });
    add(PUMP_PAGE, `${p}SetInput`, {
      kind: 'numericInput',
      name: `Speed set point ${i + 1}`,
      frame: frame(x0 + 400, 850, 180, 44),
      min: 0,
      max: 100,
      step: 5,
      write: {
        point: byId(pump.setpoint),
        expression: 'round(value)',
        confirm: true,
        confirmText: `Change the speed set point of ${pump.title}?`,
        permission: 'parameter',
      },
    });
    add(PUMP_PAGE, `${p}Stop`, {
      kind: 'button',
      name: `Stop ${i + 1}`,
      frame: frame(x0 + 600, 850, 120, 44),
      label: 'Stop',
      write: {
        point: byId(pump.setpoint),
        value: 0,
        confirm: true,
        confirmText: `Stop ${pump.title}?`,
        permission: 'parameter',
      },
    });
  });
  // Sensor room: one card per MQTT sensor, with its run state switch.
  doc = applyCommand(doc, { type: 'addPage', id: SENSOR_PAGE, name: 'Sensor room' }).doc;
  addSensorRoom(add, points.sensors, PUMP_PAGE);

  const loaded = loadDocument(doc);
  if (!loaded.ok) throw new Error(`demo SCADA document is invalid at ${loaded.path}: ${loaded.message}`);
  return loaded.doc;
}
