import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { CANVAS_H, CANVAS_W, canvasTransform, type ScaleMode } from '../lib/scale';

/**
 * The 1920x1080 design canvas of a screen (DESIGN 12), scaled by a CSS transform to the display in
 * `mode` (fit / width / height / none); what does not fit scrolls.
 */
export function ScreenCanvas({ mode, children }: { mode: ScaleMode; children: ReactNode }) {
  const view = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: CANVAS_W, h: CANVAS_H });
  useLayoutEffect(() => {
    const element = view.current;
    if (!element) return;
    const measure = () => setSize({ w: element.clientWidth, h: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const { scale, left, top } = canvasTransform(mode, size.w, size.h);
  return (
    <div ref={view} className="screen-viewport" data-testid="screen-viewport">
      {/* The spacer gives the scroll area the scaled size; the canvas itself keeps its design size. */}
      <div style={{ width: CANVAS_W * scale + left, height: CANVAS_H * scale + top, position: 'relative' }}>
        <div
          className="screen-canvas"
          data-testid="screen-canvas"
          data-scale={scale.toFixed(4)}
          style={{
            width: CANVAS_W,
            height: CANVAS_H,
            transform: `translate(${left}px, ${top}px) scale(${scale})`,
            transformOrigin: '0 0',
          }}
        >
          {children}
        </div>
      </div>
    </div>
  );
}
