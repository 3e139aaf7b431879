import type { CommandRow, DataPointRow } from '@fleet/contracts';
import {
  type Element,
  evaluateBindings,
  mapPointRefs,
  type PointInfo,
  type PointRef,
  type Visual,
} from '@fleet/scada-model';
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { type LiveStore, STALE_AFTER_MS } from './live-store';

/** Why an element is greyed out; the tooltip says it in words. */
export type GreyReason =
  | { kind: 'offline'; device: string }
  | { kind: 'noPoint' }
  | { kind: 'stale'; at: number }
  | { kind: 'noData' };

/** Whether the user may write a point, and why not. */
export type WriteDenial = 'noPoint' | 'pointReadOnly' | 'readOnlyAccount' | 'denied' | 'deniedParam';

export interface RuntimeDevice {
  id: number;
  name: string;
}

/** What every element of a running drawing shares. */
export interface RuntimeContextValue {
  store: LiveStore;
  /** Points by id (as the document writes them: strings). */
  points: ReadonlyMap<string, DataPointRow>;
  devices: ReadonlyMap<number, RuntimeDevice>;
  /** null: allowed. */
  writeDenial(point: DataPointRow | undefined, permission?: 'control' | 'parameter'): WriteDenial | null;
  send(point: DataPointRow, value: number | string | boolean): Promise<CommandRow>;
  /** Re-reads a sent command's status (SPEC 4 lifecycle). */
  commandStatus(id: number): Promise<CommandRow>;
  goToPage(page: string): void;
  goToRoute(path: string): void;
  now(): number;
  /** The designer's canvas: nothing is greyed (the drawing is edited, not watched). */
  design?: boolean;
}

export const RuntimeContext = createContext<RuntimeContextValue | null>(null);

export function useRuntime(): RuntimeContextValue {
  const ctx = useContext(RuntimeContext);
  if (!ctx) throw new Error('SCADA elements render inside a RuntimeContext');
  return ctx;
}

const idOf = (ref: PointRef) => (ref.by === 'id' ? ref.pointId : `name:${ref.name}`);

/** The point ids an element shows (bindings, gauge, trend) and the one it writes, if any. */
export function elementRefs(element: Element): { shown: string[]; write: string | null } {
  const shown = new Set<string>();
  for (const b of element.bindings ?? []) shown.add(idOf(b.point));
  if (element.kind === 'gauge') shown.add(idOf(element.point));
  if (element.kind === 'trend') for (const s of element.series) shown.add(idOf(s.point));
  const write = 'write' in element ? idOf(element.write.point) : null;
  return { shown: [...shown], write };
}

/** Every point reference of an element, once (also the written one). */
export function allRefs(element: Element): string[] {
  const out = new Set<string>();
  mapPointRefs(element, (ref) => {
    out.add(idOf(ref));
    return ref;
  });
  return [...out];
}

export function pointInfo(point: DataPointRow | undefined): PointInfo | undefined {
  return point ? { unit: point.unit, translate: point.ds_config?.translate ?? null } : undefined;
}

/**
 * Subscribes the calling element to its points and their devices: it re-renders when one of them
 * changes (at most once per animation frame) and never for anything else.
 */
export function useElementVersion(element: Element): number {
  const { store, points } = useRuntime();
  const keys = useMemo(() => {
    const out: string[] = [];
    for (const id of allRefs(element)) {
      out.push(`p:${id}`);
      const point = points.get(id);
      if (point) out.push(`d:${point.device_id}`);
    }
    return out;
  }, [element, points]);
  const subscribe = useMemo(() => (cb: () => void) => store.subscribe(keys, cb), [store, keys]);
  return useSyncExternalStore(subscribe, () => store.version(keys));
}

/** The element's bindings evaluated with the current values (the model's evaluator, not a copy). */
export function elementVisual(element: Element, ctx: RuntimeContextValue): Visual {
  if (!element.bindings?.length) return {};
  return evaluateBindings(element.bindings, (binding) => {
    const id = idOf(binding.point);
    return { value: ctx.store.get(id)?.value, point: pointInfo(ctx.points.get(id)) };
  });
}

/**
 * Why the element should be greyed: a device offline wins, then a point that is not available, a
 * stale value, a point that never reported. Only the shown points count for data; the written point
 * counts for availability and its device.
 */
export function greyReason(element: Element, ctx: RuntimeContextValue): GreyReason | null {
  if (ctx.design) return null;
  const { shown, write } = elementRefs(element);
  let best: GreyReason | null = null;
  const rank = (r: GreyReason) => ({ offline: 4, noPoint: 3, stale: 2, noData: 1 })[r.kind];
  const consider = (r: GreyReason) => {
    if (!best || rank(r) > rank(best)) best = r;
  };
  const now = ctx.now();
  for (const id of write ? [...shown, write] : shown) {
    const point = ctx.points.get(id);
    if (!point) {
      consider({ kind: 'noPoint' });
      continue;
    }
    if (!ctx.store.isOnline(point.device_id)) {
      consider({ kind: 'offline', device: ctx.devices.get(point.device_id)?.name ?? `#${point.device_id}` });
      continue;
    }
    if (id === write && !shown.includes(id)) continue;
    const value = ctx.store.get(id);
    if (!value || value.value === null) consider({ kind: 'noData' });
    else if (value.at !== null && now - value.at > STALE_AFTER_MS) consider({ kind: 'stale', at: value.at });
  }
  return best;
}
