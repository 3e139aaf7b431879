import type { Element, Page } from '@fleet/scada-model';
import { useState } from 'react';
import { runAll } from './actions';
import { type Point, snapToAnchor, withEndAt } from './anchors';

type Connector = Extract<Element, { kind: 'pipe' | 'line' }>;

/**
 * The two ends of the selected pipe or line as handles on the canvas: drag one onto a symbol and it
 * snaps to the symbol's nearest anchor (an inlet, an outlet) or to the middle of a shape's side. The
 * move is one model command (one undo step) when the pointer is released.
 */
export function PipeEnds({
  id,
  el,
  page,
  pageId,
  zoom,
}: {
  id: string;
  el: Connector;
  page: Page;
  pageId: string;
  zoom: number;
}) {
  const [moving, setMoving] = useState<{ which: 'start' | 'end'; at: Point; anchored: boolean } | null>(null);
  const first = el.points[0]!;
  const last = el.points.at(-1)!;
  const ends = {
    start: { x: el.frame.x + first.x, y: el.frame.y + first.y },
    end: { x: el.frame.x + last.x, y: el.frame.y + last.y },
  };
  const neighbour = (which: 'start' | 'end') => {
    const p = which === 'start' ? el.points[1]! : el.points.at(-2)!;
    return { x: el.frame.x + p.x, y: el.frame.y + p.y };
  };
  const radius = 6 / zoom;

  const pageAt = (e: React.PointerEvent<SVGElement>): Point => {
    const box = (e.currentTarget.ownerSVGElement ?? e.currentTarget).getBoundingClientRect();
    return { x: (e.clientX - box.left) / zoom, y: (e.clientY - box.top) / zoom };
  };
  const handle = (which: 'start' | 'end') => {
    const at = moving?.which === which ? moving.at : ends[which];
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the property panel's joint fields edit the same ends by keyboard
      <circle
        key={which}
        cx={at.x}
        cy={at.y}
        r={radius}
        fill={moving?.which === which && moving.anchored ? '#52c41a' : '#ffffff'}
        stroke="#1677ff"
        strokeWidth={1.5 / zoom}
        style={{ cursor: 'crosshair', pointerEvents: 'all' }}
        data-testid={`sd-pipe-${which}`}
        // Selection and moving of the whole element (react-selecto, react-moveable) stay out of it.
        onMouseDown={(e) => e.stopPropagation()}
        onPointerDown={(e) => {
          e.stopPropagation();
          e.currentTarget.setPointerCapture(e.pointerId);
          setMoving({ which, at: ends[which], anchored: false });
        }}
        onPointerMove={(e) => {
          if (moving?.which !== which) return;
          const snapped = snapToAnchor(pageAt(e), page, id, 12 / zoom);
          setMoving({ which, at: snapped, anchored: snapped.anchored });
        }}
        onPointerUp={() => {
          if (moving?.which !== which) return;
          setMoving(null);
          const from = ends[which];
          if (moving.at.x === from.x && moving.at.y === from.y) return;
          const next = withEndAt(el, which, moving.at);
          runAll(
            [
              // The frame first: a resize scales the joints, which the new points then replace.
              { type: 'resizeElement', page: pageId, id, frame: next.frame },
              { type: 'updateElement', page: pageId, id, props: { points: next.points } },
            ],
            'pipe-end',
          );
        }}
      />
    );
  };

  return (
    <svg
      style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible', pointerEvents: 'none' }}
      width={page.canvas.w}
      height={page.canvas.h}
      aria-hidden
    >
      {moving ? (
        <line
          x1={neighbour(moving.which).x}
          y1={neighbour(moving.which).y}
          x2={moving.at.x}
          y2={moving.at.y}
          stroke="#1677ff"
          strokeWidth={1 / zoom}
          strokeDasharray={`${4 / zoom} ${3 / zoom}`}
        />
      ) : null}
      {handle('start')}
      {handle('end')}
    </svg>
  );
}
