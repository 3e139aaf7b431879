/**
 * Every unit gets its own y axis, so a 1,000 kWh counter does not flatten a 25 °C temperature. The first
 * VISIBLE_Y_AXES are drawn (left, right, then offset further out); further ones keep their own scale with
 * hidden labels. Shared by the history chart and the data report chart.
 */
export const VISIBLE_Y_AXES = 4;
const AXIS_OFFSET = 56;

export function unitAxes(units: readonly string[], options: { scale: boolean }) {
  const list = units.length > 0 ? units : [''];
  const yAxis = list.map((unit, i) => ({
    type: 'value' as const,
    name: unit,
    position: i % 2 === 0 ? ('left' as const) : ('right' as const),
    offset: i < VISIBLE_Y_AXES ? Math.floor(i / 2) * AXIS_OFFSET : 0,
    show: i < VISIBLE_Y_AXES,
    scale: options.scale,
    splitLine: { show: i === 0 },
  }));
  const visible = Math.min(yAxis.length, VISIBLE_Y_AXES);
  return {
    yAxis,
    /** Grid margins that leave room for the offset axes. */
    left: 16 + (visible > 2 ? AXIS_OFFSET : 0),
    right: (visible > 1 ? 24 : 16) + (visible > 3 ? AXIS_OFFSET : 0),
    /** The axis of a series of this unit. */
    indexOf: (unit: string) => Math.max(0, list.indexOf(unit)),
  };
}
