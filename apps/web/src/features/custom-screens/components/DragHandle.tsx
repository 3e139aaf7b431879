import type { ScreenWidget } from '@fleet/contracts';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { clampFrame } from '../lib/document';

/** The canvas scale of the element's FitCanvas (screen pixels per canvas pixel). */
const scaleOf = (element: Element) =>
  Number((element.closest('[data-scale]') as HTMLElement | null)?.dataset.scale ?? 1) || 1;

/** Selects on click, moves on drag; the corner handle resizes. Coordinates are canvas pixels. */
export function DragHandle({
  widget,
  selected,
  canvas,
  onSelect,
  onFrame,
}: {
  widget: ScreenWidget;
  selected: boolean;
  canvas: { w: number; h: number };
  onSelect: () => void;
  onFrame: (frame: ScreenWidget['frame']) => void;
}) {
  const drag = useRef<{ x: number; y: number; scale: number; mode: 'move' | 'resize' } | null>(null);
  const [preview, setPreview] = useState<ScreenWidget['frame'] | null>(null);
  const frame = preview ?? widget.frame;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a stored frame (after the drop) ends the preview
  useEffect(() => setPreview(null), [widget.frame]);
  const start = (mode: 'move' | 'resize') => (e: ReactPointerEvent<HTMLDivElement>) => {
    e.stopPropagation();
    onSelect();
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, scale: scaleOf(e.currentTarget), mode };
  };
  const move = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = (e.clientX - d.x) / d.scale;
    const dy = (e.clientY - d.y) / d.scale;
    const f = widget.frame;
    setPreview(
      clampFrame(
        d.mode === 'move' ? { ...f, x: f.x + dx, y: f.y + dy } : { ...f, w: f.w + dx, h: f.h + dy },
        canvas,
      ),
    );
  };
  const end = () => {
    drag.current = null;
    if (preview) onFrame(preview);
  };
  const offset = { left: frame.x - widget.frame.x, top: frame.y - widget.frame.y };
  return (
    <div
      className={`cs-select${selected ? ' selected' : ''}`}
      data-testid={`cs-select-${widget.id}`}
      style={{ ...offset, width: frame.w, height: frame.h, right: 'auto', bottom: 'auto' }}
      onPointerDown={start('move')}
      onPointerMove={move}
      onPointerUp={end}
    >
      {selected ? (
        <div
          className="cs-resize"
          data-testid={`cs-resize-${widget.id}`}
          onPointerDown={start('resize')}
          onPointerMove={move}
          onPointerUp={end}
        />
      ) : null}
    </div>
  );
}
