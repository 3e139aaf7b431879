import { anchor, BODY, inOut, LEVEL, LINE, names, STATE, TEXT, THIN } from './style.js';
import type { SymbolDef } from './types.js';

/** ISA-style instrument bubble with its letters; `state` rings it in the alarm colour. */
const bubble = (letters: string) =>
  `<circle cx="30" cy="30" r="26" ${STATE}/><circle cx="30" cy="30" r="21" fill="#f2f2f2"/><path d="M4 30 H56" ${THIN}/><text x="30" y="25" ${TEXT} font-size="12">${letters}</text>`;

const instrument = (id: string, letters: string, zh: string, en: string, es: string): SymbolDef => ({
  id,
  category: 'meter',
  names: names(zh, en, es),
  size: { w: 60, h: 60 },
  svg: bubble(letters),
  parts: { fill: ['state'] },
  anchors: [anchor('process', 0.5, 1)],
});

export const instruments: SymbolDef[] = [
  instrument('meter-flow', 'FT', '流量计', 'Flow transmitter', 'Transmisor de caudal'),
  instrument('meter-pressure', 'PT', '压力变送器', 'Pressure transmitter', 'Transmisor de presión'),
  instrument('meter-temperature', 'TT', '温度变送器', 'Temperature transmitter', 'Transmisor de temperatura'),
  instrument('meter-level', 'LT', '液位变送器', 'Level transmitter', 'Transmisor de nivel'),
  instrument('analyzer', 'AT', '分析仪', 'Analyzer', 'Analizador'),
  {
    id: 'meter-energy',
    category: 'meter',
    names: names('电能表', 'Energy meter', 'Contador de energía'),
    size: { w: 60, h: 80 },
    svg: `<rect x="4" y="4" width="52" height="72" rx="4" ${BODY}/><rect x="12" y="14" width="36" height="16" ${STATE}/><text x="30" y="56" ${TEXT} font-size="12">kWh</text>`,
    parts: { fill: ['state'] },
    anchors: [anchor('line', 0.5, 1)],
  },
  {
    id: 'gauge-dial',
    category: 'meter',
    names: names('指针表', 'Dial gauge', 'Manómetro'),
    size: { w: 70, h: 70 },
    svg: `<circle cx="35" cy="35" r="31" ${BODY}/><path d="M14 52 A24 24 0 1 1 56 52" ${THIN}/><g id="needle"><path d="M35 35 L35 13" stroke="#404040" stroke-width="3"/></g><circle cx="35" cy="35" r="4" id="state" fill="#595959"/>`,
    parts: { fill: ['state'], rotation: { id: 'needle', cx: 35, cy: 35 } },
    anchors: [anchor('process', 0.5, 1)],
  },
  {
    id: 'level-gauge',
    category: 'meter',
    names: names('液位计', 'Sight glass', 'Indicador de nivel'),
    size: { w: 30, h: 120 },
    svg: `<rect x="6" y="4" width="18" height="112" rx="4" ${BODY}/><rect x="10" y="8" width="10" height="104" ${LEVEL}/><path d="M24 30 H28 M24 60 H28 M24 90 H28" ${LINE}/>`,
    parts: { level: { id: 'level', x: 10, y: 8, w: 10, h: 104 } },
    anchors: [anchor('top', 0.5, 0), anchor('bottom', 0.5, 1)],
  },
  {
    id: 'exchanger-shell-tube',
    category: 'exchanger',
    names: names('管壳式换热器', 'Shell-and-tube exchanger', 'Intercambiador de carcasa y tubos'),
    size: { w: 160, h: 70 },
    svg: `<rect x="14" y="10" width="132" height="50" rx="24" ${STATE}/><path d="M24 20 H136 M24 35 H136 M24 50 H136" ${THIN}/><path d="M40 0 V10 M120 60 V70" ${LINE}/>`,
    parts: { fill: ['state'] },
    anchors: [...inOut(), anchor('shellIn', 0.25, 0), anchor('shellOut', 0.75, 1)],
  },
  {
    id: 'exchanger-plate',
    category: 'exchanger',
    names: names('板式换热器', 'Plate exchanger', 'Intercambiador de placas'),
    size: { w: 80, h: 110 },
    svg: `<rect x="8" y="6" width="64" height="98" ${STATE}/><path d="M18 6 V104 M28 6 V104 M38 6 V104 M48 6 V104 M58 6 V104" ${THIN}/>`,
    parts: { fill: ['state'] },
    anchors: [
      anchor('hotIn', 0, 0.15),
      anchor('hotOut', 0, 0.85),
      anchor('coldIn', 1, 0.85),
      anchor('coldOut', 1, 0.15),
    ],
  },
  {
    id: 'cooler-air',
    category: 'exchanger',
    names: names('空冷器', 'Air cooler', 'Aerorrefrigerador'),
    size: { w: 140, h: 80 },
    svg: `<rect x="4" y="4" width="132" height="30" ${BODY}/><path d="M12 12 H128 M12 26 H128" ${THIN}/><circle cx="40" cy="56" r="20" ${STATE}/><circle cx="100" cy="56" r="20" ${STATE.replace('id="state"', 'id="state2"')}/>`,
    parts: { fill: ['state', 'state2'] },
    anchors: [anchor('in', 0, 0.24), anchor('out', 1, 0.24)],
  },
  {
    id: 'heater-coil',
    category: 'exchanger',
    names: names('加热盘管', 'Heating coil', 'Serpentín calefactor'),
    size: { w: 120, h: 60 },
    svg: `<path d="M4 30 H16 Q26 6 36 30 T56 30 T76 30 T96 30 H116" id="coil" fill="none" stroke="#8c8c8c" stroke-width="4"/>`,
    parts: {},
    anchors: inOut(),
  },
  {
    id: 'boiler',
    category: 'equipment',
    names: names('锅炉', 'Boiler', 'Caldera'),
    size: { w: 100, h: 140 },
    svg: `<rect x="6" y="20" width="88" height="114" rx="8" ${BODY}/><path d="M40 20 V4 H60 V20" ${LINE}/><path id="state" d="M50 124 Q30 104 44 84 Q48 98 56 92 Q70 106 50 124 Z" fill="#bfbfbf" stroke="#595959" stroke-width="1.5"/>`,
    parts: { fill: ['state'] },
    anchors: [anchor('steam', 0.5, 0), anchor('feed', 0, 0.8)],
  },
];
