import type { ScreenPoint } from '@fleet/contracts';
import { useMemo, useState } from 'react';
import { useLiveDevices } from '../../../shared/live/use-live';
import type { ScreenDataSource } from '../api/custom-screens';
import { useScreenPoints } from '../api/screen-points';

/** The designer's data source: the editor's own session previews the points it binds. */
export const PREVIEW = { kind: 'preview' } as const satisfies ScreenDataSource;

/** Without /wss (an external link) the latest values are polled this often. */
export const SHARE_POLL_MS = 2000;
/** With /wss the latest values are re-read this often anyway (a missed frame heals). */
const LIVE_REREAD_MS = 60_000;

/**
 * The latest values of a screen's points by point id: read once from the screen's points, then kept
 * current by LD frames of their devices through /wss (`live`), or polled (an external link).
 */
export function useScreenValues(source: ScreenDataSource, ids: readonly number[], live: boolean) {
  const answer = useScreenPoints(source, ids, live ? LIVE_REREAD_MS : SHARE_POLL_MS);
  const [overlay, setOverlay] = useState<ReadonlyMap<number, { value: ScreenPoint['value']; at: string }>>(
    () => new Map(),
  );
  const points = answer.data?.points;
  const deviceIds = useMemo(
    () => (live ? [...new Set((points ?? []).filter((p) => !p.locked).map((p) => p.device_id))] : []),
    [points, live],
  );
  const wanted = useMemo(() => new Set(ids), [ids]);
  useLiveDevices(deviceIds, (_deviceId, readings) => {
    const mine = readings.filter((r) => wanted.has(r.point_id));
    if (mine.length === 0) return;
    setOverlay((old) => {
      const next = new Map(old);
      for (const r of mine) next.set(r.point_id, { value: r.value as ScreenPoint['value'], at: r.at });
      return next;
    });
  });
  const values = useMemo(() => {
    const map = new Map<number, ScreenPoint>();
    for (const p of points ?? []) {
      const o = overlay.get(p.point_id);
      // A live reading wins unless the stored one is newer (a re-read after the frame).
      map.set(p.point_id, o && (!p.at || o.at >= p.at) ? { ...p, value: o.value, at: o.at } : p);
    }
    return map;
  }, [points, overlay]);
  return { values, error: answer.error, loading: answer.isPending };
}
