import type { CustomScreenDocument } from '@fleet/contracts';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ScreenDataSource } from '../api/custom-screens';
import { screenPointIds, THEMES } from '../lib/document';
import { useScreenValues } from './use-screen-values';
import { ScreenSurface } from './widgets';

/** Scales a canvas of w x h to fit its container (DESIGN 12 "fit"), centred, by a CSS transform. */
export function FitCanvas({ w, h, children }: { w: number; h: number; children: ReactNode }) {
  const view = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w, h });
  useLayoutEffect(() => {
    const element = view.current;
    if (!element) return;
    const measure = () => setSize({ w: element.clientWidth, h: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = Math.max(0.05, Math.min(size.w / w, size.h / h));
  const left = Math.max(0, (size.w - w * scale) / 2);
  const top = Math.max(0, (size.h - h * scale) / 2);
  return (
    <div ref={view} className="cs-viewport" data-testid="cs-viewport">
      <div
        style={{
          width: w,
          height: h,
          transform: `translate(${left}px, ${top}px) scale(${scale})`,
          transformOrigin: '0 0',
        }}
        data-scale={scale.toFixed(4)}
      >
        {children}
      </div>
    </div>
  );
}

/** A running screen: its widgets with live values (`live`: /wss; otherwise polled), read-only. */
export function ScreenViewer({
  doc,
  source,
  live,
}: {
  doc: CustomScreenDocument;
  source: ScreenDataSource;
  live: boolean;
}) {
  const ids = useMemo(() => screenPointIds(doc), [doc]);
  const { values } = useScreenValues(source, ids, live);
  const env = useMemo(
    () => ({ source, values, theme: THEMES[doc.canvas.theme], timeZone: doc.canvas.timeZone, live }),
    [source, values, doc.canvas.theme, doc.canvas.timeZone, live],
  );
  return (
    <FitCanvas w={doc.canvas.w} h={doc.canvas.h}>
      <ScreenSurface doc={doc} env={env} />
    </FitCanvas>
  );
}
