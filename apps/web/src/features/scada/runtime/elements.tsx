import type { Element, Page, Visual } from '@fleet/scada-model';
import type { TFunction } from 'i18next';
import { memo, type ReactNode, useLayoutEffect, useRef } from 'react';
import i18n from '../../../shared/i18n';
import { Gauge, Trend } from './charts';
import { ControlView } from './controls';
import {
  elementVisual,
  type GreyReason,
  greyReason,
  type RuntimeContextValue,
  useElementVersion,
  useRuntime,
} from './runtime-context';
import { graphlibUrl, inlineSymbol } from './symbols';

type Frame = Element['frame'];
type Of<K extends Element['kind']> = Extract<Element, { kind: K }>;

/** Animations and the greyed look, once per canvas. */
export const RUNTIME_CSS = `
.scada-flow{stroke-dasharray:10 14;animation:scada-flow 1s steps(8) infinite}
.scada-flow-rev{animation-direction:reverse}
@keyframes scada-flow{to{stroke-dashoffset:-24}}
.scada-blink{animation:scada-blink 1s steps(1,end) infinite}
@keyframes scada-blink{50%{opacity:.15}}
.scada-grey{opacity:.5;filter:grayscale(1)}
.scada-control{cursor:pointer;outline:none}
.scada-control:focus-visible>rect:first-of-type{stroke:#0958d9;stroke-width:3}
.scada-control:hover>rect:first-of-type{filter:brightness(1.08)}
.scada-disabled{cursor:not-allowed;outline:none}
.scada-link{cursor:pointer;outline:none}
.scada-link:hover text{text-decoration:underline}
`;

/** Shared definitions: the hatch laid over greyed elements and the arrow heads of lines. */
export function RuntimeDefs() {
  return (
    <defs>
      <pattern
        id="scada-hatch"
        width="8"
        height="8"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width="8" height="8" fill="#8c8c8c" fillOpacity="0.12" />
        <line x1="0" y1="0" x2="0" y2="8" stroke="#595959" strokeWidth="2" strokeOpacity="0.35" />
      </pattern>
      <marker
        id="scada-arrow"
        viewBox="0 0 10 10"
        refX="8"
        refY="5"
        markerWidth="6"
        markerHeight="6"
        orient="auto-start-reverse"
      >
        <path d="M0 0 L10 5 L0 10 z" fill="context-stroke" />
      </marker>
    </defs>
  );
}

export function greyText(reason: GreyReason, t: TFunction): string {
  switch (reason.kind) {
    case 'offline':
      return t('scada.runtime.why.offline', { name: reason.device });
    case 'stale':
      return t('scada.runtime.why.stale', { time: new Date(reason.at).toLocaleString() });
    case 'noData':
      return t('scada.runtime.why.noData');
    case 'noPoint':
      return t('scada.runtime.why.noPoint');
  }
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

function Rectangle({ el, v }: { el: Of<'rectangle'>; v: Visual }) {
  const { x, y, w, h } = el.frame;
  const level = v.level;
  return (
    <>
      <rect
        x={x}
        y={y}
        width={w}
        height={h}
        rx={el.radius}
        fill={level === undefined ? (v.fill ?? el.fill) : el.fill}
        stroke={v.stroke ?? el.stroke}
        strokeWidth={el.strokeWidth}
      />
      {level !== undefined ? (
        <rect
          x={x}
          y={y + h * (1 - clamp01(level))}
          width={w}
          height={h * clamp01(level)}
          rx={el.radius}
          fill={v.fill ?? '#4096ff'}
          data-level={level}
        />
      ) : null}
    </>
  );
}

function Pipe({ el, v }: { el: Of<'pipe'>; v: Visual }) {
  const { x, y } = el.frame;
  const points = el.points.map((p) => `${x + p.x},${y + p.y}`).join(' ');
  const flow = v.flow ?? (el.flow === 'none' ? 'off' : el.flow);
  const common = { points, fill: 'none', strokeLinejoin: 'round', strokeLinecap: 'round' } as const;
  return (
    <>
      <polyline {...common} stroke={v.stroke ?? el.stroke} strokeWidth={el.strokeWidth} />
      <polyline {...common} stroke={v.fill ?? el.liquid} strokeWidth={el.strokeWidth * 0.6} />
      {flow !== 'off' ? (
        <polyline
          {...common}
          className={flow === 'reverse' ? 'scada-flow scada-flow-rev' : 'scada-flow'}
          stroke="#ffffff"
          strokeOpacity={0.85}
          strokeWidth={Math.max(1, el.strokeWidth * 0.25)}
          data-flow={flow}
        />
      ) : null}
    </>
  );
}

function TextView({ el, v }: { el: Of<'text'>; v: Visual }) {
  const { x, y, w, h } = el.frame;
  const anchorX = el.align === 'start' ? x : el.align === 'end' ? x + w : x + w / 2;
  return (
    <text
      x={anchorX}
      y={y + h / 2}
      dominantBaseline="central"
      textAnchor={el.align === 'center' ? 'middle' : el.align}
      fill={v.fill ?? el.color}
      fontSize={el.fontSize}
      fontWeight={el.bold ? 600 : undefined}
    >
      {v.text ?? el.text}
    </text>
  );
}

function SymbolView({ el, v }: { el: Of<'symbol'>; v: Visual }) {
  const { x, y, w, h } = el.frame;
  const symbol = inlineSymbol(el.symbol);
  const ref = useRef<SVGGElement>(null);
  const fill = v.fill ?? el.fill;
  useLayoutEffect(() => {
    const g = ref.current;
    if (!g || !symbol) return;
    const { parts } = symbol.def;
    for (const id of parts.fill ?? []) {
      for (const node of g.querySelectorAll(`[data-part="${id}"]`)) {
        if (!node.hasAttribute('data-fill0'))
          node.setAttribute('data-fill0', node.getAttribute('fill') ?? '');
        node.setAttribute('fill', fill ?? node.getAttribute('data-fill0') ?? '');
      }
    }
    if (parts.level) {
      const node = g.querySelector(`[data-part="${parts.level.id}"]`);
      const level = v.level === undefined ? 1 : clamp01(v.level);
      node?.setAttribute('y', String(parts.level.y + parts.level.h * (1 - level)));
      node?.setAttribute('height', String(parts.level.h * level));
      if (v.level !== undefined && v.fill) node?.setAttribute('fill', v.fill);
    }
    if (parts.rotation) {
      const node = g.querySelector(`[data-part="${parts.rotation.id}"]`);
      const r = v.rotation ?? 0;
      if (r) node?.setAttribute('transform', `rotate(${r} ${parts.rotation.cx} ${parts.rotation.cy})`);
      else node?.removeAttribute('transform');
    }
  }, [symbol, fill, v.level, v.rotation, v.fill]);
  if (!symbol) {
    const url = graphlibUrl(el.symbol);
    return url ? <image href={url} x={x} y={y} width={w} height={h} preserveAspectRatio="none" /> : null;
  }
  return (
    <svg
      role="img"
      aria-label={symbol.def.names.en}
      x={x}
      y={y}
      width={w}
      height={h}
      viewBox={`0 0 ${symbol.def.size.w} ${symbol.def.size.h}`}
      preserveAspectRatio="none"
      overflow="visible"
    >
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the package's own, allow-list-tested symbol markup */}
      <g ref={ref} dangerouslySetInnerHTML={{ __html: symbol.markup }} />
    </svg>
  );
}

function LinkView({ el, v, ctx }: { el: Of<'link'>; v: Visual; ctx: RuntimeContextValue }) {
  const { x, y, w, h } = el.frame;
  const go = () => (el.to.kind === 'page' ? ctx.goToPage(el.to.page) : ctx.goToRoute(el.to.path));
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG link that navigates inside the app
    <g
      className="scada-link"
      role="link"
      tabIndex={0}
      onClick={go}
      onKeyDown={(e) => e.key === 'Enter' && go()}
      data-testid="scada-link"
    >
      <rect x={x} y={y} width={w} height={h} rx={4} fill={v.fill ?? '#ffffff'} fillOpacity={v.fill ? 1 : 0} />
      <text
        x={x + w / 2}
        y={y + h / 2}
        dominantBaseline="central"
        textAnchor="middle"
        fill={v.stroke ?? '#1677ff'}
        fontSize={Math.max(10, Math.min(18, h * 0.5))}
      >
        {v.text ?? el.label}
      </text>
    </g>
  );
}

function body(
  element: Element,
  id: string,
  v: Visual,
  ctx: RuntimeContextValue,
  page: Page,
  lang: string,
): ReactNode {
  const { x, y, w, h } = element.frame;
  switch (element.kind) {
    case 'rectangle':
      return <Rectangle el={element} v={v} />;
    case 'ellipse':
      return (
        <ellipse
          cx={x + w / 2}
          cy={y + h / 2}
          rx={w / 2}
          ry={h / 2}
          fill={v.fill ?? element.fill}
          stroke={v.stroke ?? element.stroke}
          strokeWidth={element.strokeWidth}
        />
      );
    case 'line': {
      const [a, b] = element.points;
      const arrow = element.arrow ?? 'none';
      return (
        <line
          x1={x + a.x}
          y1={y + a.y}
          x2={x + b.x}
          y2={y + b.y}
          stroke={v.stroke ?? element.stroke}
          strokeWidth={element.strokeWidth}
          markerStart={arrow === 'start' || arrow === 'both' ? 'url(#scada-arrow)' : undefined}
          markerEnd={arrow === 'end' || arrow === 'both' ? 'url(#scada-arrow)' : undefined}
        />
      );
    }
    case 'pipe':
      return <Pipe el={element} v={v} />;
    case 'text':
      return <TextView el={element} v={v} />;
    case 'image':
      return (
        <image
          href={element.src}
          x={x}
          y={y}
          width={w}
          height={h}
          preserveAspectRatio={
            element.fit === 'contain' ? 'xMidYMid meet' : element.fit === 'cover' ? 'xMidYMid slice' : 'none'
          }
        />
      );
    case 'symbol':
      return <SymbolView el={element} v={v} />;
    case 'gauge':
      return <Gauge el={element} v={v} ctx={ctx} />;
    case 'trend':
      return <Trend el={element} ctx={ctx} />;
    case 'button':
    case 'switch':
    case 'numericInput':
      return <ControlView id={id} el={element} v={v} />;
    case 'link':
      return <LinkView el={element} v={v} ctx={ctx} />;
    case 'group':
      return element.children.map((child) => {
        const c = page.elements[child];
        return c ? <ElementView key={child} id={child} element={c} page={page} lang={lang} /> : null;
      });
  }
}

function rotationOf(element: Element, v: Visual): number {
  // A symbol with a rotating part turns that part; everything else turns as a whole.
  const partRotates = element.kind === 'symbol' && inlineSymbol(element.symbol)?.def.parts.rotation;
  return element.frame.rotation + (partRotates ? 0 : (v.rotation ?? 0));
}

const centre = (f: Frame) => `${f.x + f.w / 2} ${f.y + f.h / 2}`;

/**
 * One element of the page: subscribes to its own points only, evaluates its bindings with the
 * model's evaluator and draws itself. Memoised on the element object, so a value change re-renders
 * just the elements bound to that point.
 */
export const ElementView = memo(function ElementView({
  id,
  element,
  page,
  lang,
}: {
  id: string;
  element: Element;
  page: Page;
  /** The UI language: a change re-renders the tooltips (one useTranslation per canvas, not per element). */
  lang: string;
}) {
  const ctx = useRuntime();
  useElementVersion(element);
  const v = elementVisual(element, ctx);
  const visible = v.visible ?? !element.hidden;
  if (!visible) return null;
  const grey = greyReason(element, ctx);
  const rotation = rotationOf(element, v);
  const classes = [v.blink ? 'scada-blink' : '', grey ? 'scada-grey' : ''].filter(Boolean).join(' ');
  const f = element.frame;
  return (
    <g
      data-testid={`scada-el-${id}`}
      data-kind={element.kind}
      data-grey={grey?.kind}
      className={classes || undefined}
      opacity={element.opacity}
      transform={rotation ? `rotate(${rotation} ${centre(f)})` : undefined}
    >
      {grey ? <title>{greyText(grey, i18n.getFixedT(lang))}</title> : null}
      {body(element, id, v, ctx, page, lang)}
      {grey && element.kind !== 'group' ? (
        <rect
          x={f.x}
          y={f.y}
          width={f.w}
          height={f.h}
          fill="url(#scada-hatch)"
          pointerEvents="none"
          data-testid="scada-hatch"
        />
      ) : null}
    </g>
  );
});
