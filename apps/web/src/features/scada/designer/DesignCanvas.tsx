import type { Element, Page } from '@fleet/scada-model';
import { memo, type SyntheticEvent } from 'react';
import { ElementView, RUNTIME_CSS, RuntimeDefs } from '../runtime/elements';

/** Leaves never read the page; handing them one stable object keeps their memo when another element changes. */
const NO_PAGE: Page = { name: '', canvas: { w: 1, h: 1, background: '#ffffff' }, elements: {}, order: [] };

// Controls and links of the drawing must not act while it is being edited.
const swallow = (e: SyntheticEvent) => e.stopPropagation();

const DesignElement = memo(function DesignElement({
  id,
  element,
  page,
  lang,
}: {
  id: string;
  element: Element;
  page: Page;
  lang: string;
}) {
  return (
    <g
      data-design-id={id}
      className={element.locked ? 'sd-el sd-locked' : 'sd-el'}
      onClickCapture={swallow}
      onKeyDownCapture={swallow}
    >
      <ElementView id={id} element={element} page={element.kind === 'group' ? page : NO_PAGE} lang={lang} />
    </g>
  );
});

export const DESIGN_CSS = `${RUNTIME_CSS}
.sd-el{cursor:move}
.sd-el.sd-locked{cursor:default}
.sd-el *{pointer-events:visiblePainted}
.sd-drag-shield{display:none}
.sd-stage[data-dragging] .sd-drag-shield{display:block;position:absolute;inset:0;z-index:1}
`;

/** A page as the runtime draws it (the runtime's own element renderers), each top-level element selectable. */
export const DesignCanvas = memo(function DesignCanvas({
  page,
  pageId,
  lang,
  grid,
}: {
  page: Page;
  pageId: string;
  lang: string;
  grid: number;
}) {
  const { w, h, background } = page.canvas;
  return (
    <svg
      width={w}
      height={h}
      viewBox={`0 0 ${w} ${h}`}
      style={{ display: 'block', overflow: 'visible' }}
      data-testid="sd-canvas"
      role="img"
      aria-label={page.name}
      data-page={pageId}
      fontFamily='-apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", "WenQuanYi Zen Hei", sans-serif'
    >
      <style>{DESIGN_CSS}</style>
      <RuntimeDefs />
      <defs>
        {grid > 0 ? (
          <pattern id="sd-grid" width={grid} height={grid} patternUnits="userSpaceOnUse">
            <path
              d={`M ${grid} 0 L 0 0 0 ${grid}`}
              fill="none"
              stroke="#000000"
              strokeOpacity={0.1}
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          </pattern>
        ) : null}
      </defs>
      <rect width={w} height={h} fill={background} data-sd-background="1" />
      {grid > 0 ? <rect width={w} height={h} fill="url(#sd-grid)" pointerEvents="none" /> : null}
      {page.order.map((id) => {
        const element = page.elements[id];
        return element ? <DesignElement key={id} id={id} element={element} page={page} lang={lang} /> : null;
      })}
    </svg>
  );
});
