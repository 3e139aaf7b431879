/** Drawing helpers of the demo SCADA app: its colours and small element builders. */
import type { Binding, Element, Frame, PointRef } from '@fleet/scada-model';

export const GREY = '#9e9e9e';
export const GREEN = '#2e7d32';
export const TEXT = '#262626';
export const MUTED = '#595959';
export const WATER = '#1677ff';

export const byId = (pointId: string): PointRef => ({ by: 'id', pointId });
export const frame = (x: number, y: number, w: number, h: number): Frame => ({ x, y, w, h, rotation: 0 });
export const valueText = (pointId: string, decimals?: number, prefix?: string): Binding => ({
  point: byId(pointId),
  map: {
    kind: 'text',
    translate: true,
    unit: true,
    ...(decimals === undefined ? {} : { decimals }),
    ...(prefix === undefined ? {} : { prefix }),
  },
});
export const label = (x: number, y: number, w: number, text: string, size = 18, bold = false): Element => ({
  kind: 'text',
  frame: frame(x, y, w, size + 10),
  text,
  color: bold ? TEXT : MUTED,
  fontSize: size,
  align: 'start',
  ...(bold ? { bold } : {}),
});
/** A water pipe from one end of its frame to the other, flowing while `bindings` say so. */
export const pipe = (
  name: string,
  [x, y, w, h]: [number, number, number, number],
  ends: [{ x: number; y: number }, { x: number; y: number }],
  strokeWidth: number,
  bindings: Binding[],
): Element => ({
  kind: 'pipe',
  name,
  frame: frame(x, y, w, h),
  points: ends,
  stroke: MUTED,
  strokeWidth,
  liquid: WATER,
  flow: 'forward',
  bindings,
});
