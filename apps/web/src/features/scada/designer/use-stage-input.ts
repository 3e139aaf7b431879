import type { Canvas } from '@fleet/scada-model';
import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';
import { RULER } from './Rulers';
import { useDesigner } from './store';

export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 8;
const clampZoom = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));

/** The view that shows the whole canvas in a stage of this size. */
export function fitView(canvas: Pick<Canvas, 'w' | 'h'>, w: number, h: number) {
  const room = { w: Math.max(50, w - RULER - 40), h: Math.max(50, h - RULER - 40) };
  const zoom = clampZoom(Math.min(room.w / canvas.w, room.h / canvas.h));
  return { zoom, x: RULER + (w - RULER - canvas.w * zoom) / 2, y: RULER + (h - RULER - canvas.h * zoom) / 2 };
}

/** Zooms by `factor` keeping the stage point (cx, cy) where it is. */
export function zoomAt(view: { zoom: number; x: number; y: number }, factor: number, cx: number, cy: number) {
  const zoom = clampZoom(view.zoom * factor);
  const k = zoom / view.zoom;
  return { zoom, x: cx - (cx - view.x) * k, y: cy - (cy - view.y) * k };
}

/**
 * Pan and zoom of the stage: the wheel pans (Shift: sideways), Ctrl/Cmd + wheel zooms at the cursor,
 * the middle button or Space + drag pans; the page is fitted when asked (page change, the Fit button,
 * Shift+1). Returns the stage's size for the rulers.
 */
export function useStageInput(stage: RefObject<HTMLDivElement | null>, canvas: Canvas) {
  const [size, setSize] = useState({ w: 800, h: 600 });
  const fitTick = useDesigner((s) => s.fitTick);

  useLayoutEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = () => setSize({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [stage]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fit when asked (fitTick), not on every resize
  useLayoutEffect(() => {
    const el = stage.current;
    if (!el) return;
    useDesigner.getState().setView(fitView(canvas, el.clientWidth, el.clientHeight));
  }, [fitTick, canvas.w, canvas.h, stage]);

  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const { view, setView } = useDesigner.getState();
      if (e.ctrlKey || e.metaKey) {
        const rect = el.getBoundingClientRect();
        setView(zoomAt(view, Math.exp(-e.deltaY * 0.0015), e.clientX - rect.left, e.clientY - rect.top));
      } else if (e.shiftKey) setView({ x: view.x - e.deltaY });
      else setView({ x: view.x - e.deltaX, y: view.y - e.deltaY });
    };
    let space = false;
    let pan: { x: number; y: number; vx: number; vy: number } | null = null;
    const typing = (t: EventTarget | null) =>
      t instanceof HTMLElement && !!t.closest('input, textarea, [contenteditable="true"], .ant-select');
    const onKey = (e: KeyboardEvent) => {
      if (e.code !== 'Space' || typing(e.target)) return;
      space = e.type === 'keydown';
      el.dataset.panning = space ? '1' : '';
      el.style.cursor = space ? 'grab' : '';
      if (space) e.preventDefault();
    };
    const onDown = (e: PointerEvent) => {
      if (!(e.button === 1 || (e.button === 0 && space))) return;
      e.preventDefault();
      e.stopPropagation();
      const { view } = useDesigner.getState();
      pan = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y };
      el.dataset.panning = '1';
    };
    const onMove = (e: PointerEvent) => {
      if (!pan) return;
      useDesigner.getState().setView({ x: pan.vx + e.clientX - pan.x, y: pan.vy + e.clientY - pan.y });
    };
    const onUp = () => {
      if (!pan) return;
      pan = null;
      el.dataset.panning = space ? '1' : '';
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('pointerdown', onDown, { capture: true });
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('pointerdown', onDown, { capture: true });
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
    };
  }, [stage]);

  return size;
}
