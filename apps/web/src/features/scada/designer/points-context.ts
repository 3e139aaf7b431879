import type { DataPointRow } from '@fleet/contracts';
import type { PointRef } from '@fleet/scada-model';
import { createContext, useContext } from 'react';
import { isUnbound } from './palette-items';

/** What the binding editors know about points: the drawing's kind and the points seen so far. */
export interface DesignerPoints {
  kind: 'app' | 'template';
  templateId: number | null;
  /** By point id (string, as documents write them): from /scada/{id}/points and every pick since. */
  known: ReadonlyMap<string, DataPointRow>;
  /** Template point names (a template binds by name). */
  names: ReadonlySet<string>;
  remember(point: DataPointRow): void;
}

export const DesignerPointsContext = createContext<DesignerPoints>({
  kind: 'app',
  templateId: null,
  known: new Map(),
  names: new Set(),
  remember: () => undefined,
});
export const useDesignerPoints = () => useContext(DesignerPointsContext);

/** Why a reference is broken (null: fine): not chosen yet, a point that does not exist or is not visible, a name the template lacks. */
export function brokenReason(
  ref: PointRef,
  points: DesignerPoints,
): 'unbound' | 'missing' | 'wrongKind' | null {
  if (isUnbound(ref)) return 'unbound';
  if (points.kind === 'template') {
    if (ref.by !== 'name') return 'wrongKind';
    return points.names.has(ref.name) ? null : 'missing';
  }
  if (ref.by !== 'id') return 'wrongKind';
  return points.known.has(ref.pointId) ? null : 'missing';
}

export function refLabel(ref: PointRef, points: DesignerPoints): string {
  if (ref.by === 'name') return isUnbound(ref) ? '—' : ref.name;
  const p = points.known.get(ref.pointId);
  return p ? `${p.name}${p.unit ? ` (${p.unit})` : ''} · #${p.device_id}` : `#${ref.pointId}`;
}
