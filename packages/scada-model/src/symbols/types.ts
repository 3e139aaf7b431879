export const SYMBOL_CATEGORIES = [
  'tank',
  'pump',
  'valve',
  'motor',
  'fan',
  'compressor',
  'exchanger',
  'meter',
  'pipe',
  'lamp',
  'switch',
  'equipment',
] as const;
export type SymbolCategory = (typeof SYMBOL_CATEGORIES)[number];

/**
 * A built-in symbol, referenced from a document as `builtin:<id>`. Drawn in a calm grey
 * high-performance-HMI style: colour is reserved for state, so only the declared parts take the
 * bound fill, level or rotation.
 */
export interface SymbolDef {
  id: string;
  category: SymbolCategory;
  names: { zh: string; en: string; es: string };
  /** Default frame size; also the SVG viewBox (0 0 w h). */
  size: { w: number; h: number };
  /** Inner SVG markup in the viewBox; wrap with symbolSvg(). */
  svg: string;
  parts: {
    /** Ids of shapes whose fill is the binding's `fill` (their drawn fill is the neutral default). */
    fill?: string[];
    /** A rect the runtime shortens from the top to show `level` 0..1, with its full extent. */
    level?: { id: string; x: number; y: number; w: number; h: number };
    /** A group the runtime rotates by `rotation` degrees about (cx, cy). */
    rotation?: { id: string; cx: number; cy: number };
  };
  /** Connection points for pipes, normalised to the frame (0..1). */
  anchors: { id: string; x: number; y: number }[];
}
