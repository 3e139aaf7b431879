import { anchor, BODY, inOut, LINE, names, STATE, TEXT } from './style.js';
import type { SymbolDef } from './types.js';

// Two facing triangles are the body of every valve; the `state` part shows open/closed/fault.
const BOWTIE = 'M4 8 L40 32 L4 56 Z M76 8 L40 32 L76 56 Z';

export const valves: SymbolDef[] = [
  {
    id: 'valve-gate',
    category: 'valve',
    names: names('闸阀', 'Gate valve', 'Válvula de compuerta'),
    size: { w: 80, h: 64 },
    svg: `<path d="${BOWTIE}" ${STATE}/>`,
    parts: { fill: ['state'] },
    anchors: inOut(),
  },
  {
    id: 'valve-globe',
    category: 'valve',
    names: names('截止阀', 'Globe valve', 'Válvula de globo'),
    size: { w: 80, h: 64 },
    svg: `<path d="${BOWTIE}" ${STATE}/><circle cx="40" cy="32" r="7" fill="#595959"/>`,
    parts: { fill: ['state'] },
    anchors: inOut(),
  },
  {
    id: 'valve-ball',
    category: 'valve',
    names: names('球阀', 'Ball valve', 'Válvula de bola'),
    size: { w: 80, h: 64 },
    svg: `<path d="${BOWTIE}" ${STATE}/><circle cx="40" cy="32" r="11" ${BODY}/>`,
    parts: { fill: ['state'] },
    anchors: inOut(),
  },
  {
    id: 'valve-butterfly',
    category: 'valve',
    names: names('蝶阀', 'Butterfly valve', 'Válvula de mariposa'),
    size: { w: 80, h: 64 },
    svg: `<path d="M4 8 V56 M76 8 V56" ${LINE}/><g id="disc"><ellipse cx="40" cy="32" rx="6" ry="24" ${STATE}/></g>`,
    parts: { fill: ['state'], rotation: { id: 'disc', cx: 40, cy: 32 } },
    anchors: inOut(),
  },
  {
    id: 'valve-check',
    category: 'valve',
    names: names('止回阀', 'Check valve', 'Válvula de retención'),
    size: { w: 80, h: 64 },
    svg: `<path d="${BOWTIE}" ${BODY}/><path d="M40 8 V56" ${LINE}/><path id="state" d="M4 8 L40 32 L4 56 Z" fill="#bfbfbf"/>`,
    parts: { fill: ['state'] },
    anchors: inOut(),
  },
  {
    id: 'valve-control',
    category: 'valve',
    names: names('调节阀', 'Control valve', 'Válvula de control'),
    size: { w: 80, h: 96 },
    svg: `<path d="M8 30 Q40 -4 72 30 Z" ${BODY}/><path d="M40 30 V64" ${LINE}/><path d="M4 40 L40 64 L4 88 Z M76 40 L40 64 L76 88 Z" ${STATE}/>`,
    parts: { fill: ['state'] },
    anchors: inOut(0.67),
  },
  {
    id: 'valve-solenoid',
    category: 'valve',
    names: names('电磁阀', 'Solenoid valve', 'Electroválvula'),
    size: { w: 80, h: 96 },
    svg: `<rect x="26" y="4" width="28" height="26" ${BODY}/><text x="40" y="22" ${TEXT} font-size="12">S</text><path d="M40 30 V64" ${LINE}/><path d="M4 40 L40 64 L4 88 Z M76 40 L40 64 L76 88 Z" ${STATE}/>`,
    parts: { fill: ['state'] },
    anchors: inOut(0.67),
  },
  {
    id: 'valve-three-way',
    category: 'valve',
    names: names('三通阀', 'Three-way valve', 'Válvula de tres vías'),
    size: { w: 80, h: 80 },
    svg: `<path d="M4 8 L40 32 L4 56 Z M76 8 L40 32 L76 56 Z M16 76 L40 32 L64 76 Z" ${STATE}/>`,
    parts: { fill: ['state'] },
    anchors: [anchor('in', 0, 0.4), anchor('out', 1, 0.4), anchor('branch', 0.5, 0.95)],
  },
  {
    id: 'valve-relief',
    category: 'valve',
    names: names('安全阀', 'Relief valve', 'Válvula de alivio'),
    size: { w: 80, h: 80 },
    svg: `<path d="M16 76 L40 40 L64 76 Z M76 16 L40 40 L76 64 Z" ${STATE}/><path d="M40 40 L28 4 M24 10 L34 6 M22 18 L32 14" ${LINE}/>`,
    parts: { fill: ['state'] },
    anchors: [anchor('in', 0.5, 0.95), anchor('out', 1, 0.5)],
  },
];
