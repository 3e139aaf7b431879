import type { Page } from '@fleet/scada-model';
import { useTranslation } from 'react-i18next';
import { ElementView, RUNTIME_CSS, RuntimeDefs } from './elements';

/** A page of the drawing as one SVG, scaled to fit its container (the viewBox is the canvas). */
export function ScadaCanvas({ page, pageId }: { page: Page; pageId: string }) {
  const { w, h, background } = page.canvas;
  const { i18n } = useTranslation();
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      width="100%"
      height="100%"
      preserveAspectRatio="xMidYMid meet"
      style={{ display: 'block' }}
      role="img"
      aria-label={page.name}
      data-testid="scada-canvas"
      data-page={pageId}
      fontFamily='-apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", "WenQuanYi Zen Hei", sans-serif'
    >
      <style>{RUNTIME_CSS}</style>
      <RuntimeDefs />
      <rect width={w} height={h} fill={background} />
      {page.order.map((id) => {
        const element = page.elements[id];
        return element ? (
          <ElementView key={id} id={id} element={element} page={page} lang={i18n.language} />
        ) : null;
      })}
    </svg>
  );
}
