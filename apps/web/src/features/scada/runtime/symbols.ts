import { getSymbol, type SymbolDef } from '@fleet/scada-model';

/**
 * A built-in symbol's markup for inlining once per instance. Its part ids become `data-part`, so
 * several instances on a page never share an id (the runtime finds its parts inside its own group).
 * The markup is the package's own, drawn for this project and checked by its allow-list test.
 */
export interface InlineSymbol {
  def: SymbolDef;
  markup: string;
}

const cache = new Map<string, InlineSymbol | null>();

export function inlineSymbol(ref: string): InlineSymbol | null {
  let hit = cache.get(ref);
  if (hit !== undefined) return hit;
  const def = ref.startsWith('builtin:') ? getSymbol(ref.slice(8)) : undefined;
  hit = def ? { def, markup: def.svg.replace(/\sid="([^"]*)"/g, ' data-part="$1"') } : null;
  cache.set(ref, hit);
  return hit;
}

/** Where an uploaded (sanitised, content-addressed) symbol is served from. */
export function graphlibUrl(ref: string): string | null {
  const m = /^graphlib:([a-f0-9]{16,128})$/.exec(ref);
  return m ? `/upload/graphlib/${m[1]}.svg` : null;
}
