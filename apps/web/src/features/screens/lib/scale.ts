/** The big screen's design canvas (DESIGN 12: screens default to 1920x1080). */
export const CANVAS_W = 1920;
export const CANVAS_H = 1080;

/**
 * How the canvas meets the display: `fit` whole canvas visible (letterboxed), `width` fills the width
 * (scrolls vertically when taller), `height` fills the height, `none` real pixels (video walls whose
 * resolution is the canvas's, or a multiple of it shown through the wall controller).
 */
export const SCALE_MODES = ['fit', 'width', 'height', 'none'] as const;
export type ScaleMode = (typeof SCALE_MODES)[number];

export interface CanvasTransform {
  scale: number;
  /** Offsets that centre the scaled canvas when it is smaller than the display (never negative). */
  left: number;
  top: number;
}

/** The CSS transform of a `w` x `h` canvas in a `viewW` x `viewH` display under `mode`. */
export function canvasTransform(
  mode: ScaleMode,
  viewW: number,
  viewH: number,
  w = CANVAS_W,
  h = CANVAS_H,
): CanvasTransform {
  const sx = viewW / w;
  const sy = viewH / h;
  const scale = mode === 'fit' ? Math.min(sx, sy) : mode === 'width' ? sx : mode === 'height' ? sy : 1;
  const safe = Number.isFinite(scale) && scale > 0 ? scale : 1;
  return {
    scale: safe,
    left: Math.max(0, (viewW - w * safe) / 2),
    top: Math.max(0, (viewH - h * safe) / 2),
  };
}

export function isScaleMode(value: unknown): value is ScaleMode {
  return typeof value === 'string' && (SCALE_MODES as readonly string[]).includes(value);
}
