import { electrical } from './electrical.js';
import { instruments } from './instruments.js';
import { machines } from './machines.js';
import type { SymbolDef } from './types.js';
import { valves } from './valves.js';
import { vessels } from './vessels.js';

export { SYMBOL_CATEGORIES, type SymbolCategory, type SymbolDef } from './types.js';

/** The built-in library, drawn for this project. Ids are stable: documents reference `builtin:<id>`. */
export const SYMBOLS: readonly SymbolDef[] = [
  ...vessels,
  ...machines,
  ...valves,
  ...instruments,
  ...electrical,
];

const byId = new Map(SYMBOLS.map((s) => [s.id, s]));

export function getSymbol(id: string): SymbolDef | undefined {
  return byId.get(id);
}

/** The whole SVG document of a symbol, sized to its default size (scale it with the element's frame). */
export function symbolSvg(symbol: SymbolDef): string {
  const { w, h } = symbol.size;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${symbol.svg}</svg>`;
}
