/**
 * The runtime view of a drawing (features/scada/runtime): `/scada/view/{id}`, and for a template the
 * device it is shown for (`?device=`).
 */
export function scadaViewPath(id: number, deviceId?: number): string {
  return deviceId === undefined ? `/scada/view/${id}` : `/scada/view/${id}?device=${deviceId}`;
}
