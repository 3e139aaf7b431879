import { type Element, formatPointValue, type Page, toNumber, type Visual } from '@fleet/scada-model';
import type { TFunction } from 'i18next';
import { memo, type ReactNode, useLayoutEffect, useRef } from 'react';
import i18n from '../../../shared/i18n';
import { ControlView } from './controls';
import {
  elementVisual,
  type GreyReason,
  greyReason,
  pointInfo,
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

/** The value of one point as a number (NaN when absent or not numeric). */
function numberOf(ctx: RuntimeContextValue, pointId: string): number {
  const v = ctx.store.get(pointId)?.value;
  return v === null || v === undefined ? Number.NaN : toNumber(v);
}
const refId = (ref: { by: 'id'; pointId: string } | { by: 'name'; name: string }) =>
  ref.by === 'id' ? ref.pointId : `name:${ref.name}`;

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

function Gauge({ el, v, ctx }: { el: Of<'gauge'>; v: Visual; ctx: RuntimeContextValue }) {
  const { x, y, w, h } = el.frame;
  const id = refId(el.point);
  const raw = ctx.store.get(id)?.value;
  const n = numberOf(ctx, id);
  const frac = Number.isNaN(n) ? 0 : clamp01((n - el.min) / (el.max - el.min));
  const text =
    raw === null || raw === undefined
      ? '—'
      : formatPointValue(raw, pointInfo(ctx.points.get(id)), { decimals: el.decimals });
  const colour = v.fill ?? '#1677ff';
  if (el.style === 'bar') {
    const vertical = h > w;
    return (
      <>
        <rect x={x} y={y} width={w} height={h} rx={3} fill="#f0f0f0" stroke="#bfbfbf" />
        <rect
          x={x}
          y={vertical ? y + h * (1 - frac) : y}
          width={vertical ? w : w * frac}
          height={vertical ? h * frac : h}
          rx={3}
          fill={colour}
          data-frac={frac}
        />
        <text
          x={x + w / 2}
          y={y + h / 2}
          dominantBaseline="central"
          textAnchor="middle"
          fontSize={Math.max(10, Math.min(w, h) * 0.35)}
          fill="#262626"
          fontWeight={600}
        >
          {text}
        </text>
      </>
    );
  }
  const r = Math.max(4, Math.min(w, h * 1.15) / 2 - 6);
  const cx = x + w / 2;
  const cy = y + h / 2 + r * 0.12;
  const at = (deg: number) => {
    const a = (deg * Math.PI) / 180;
    return `${cx + r * Math.sin(a)} ${cy - r * Math.cos(a)}`;
  };
  const end = -120 + 240 * frac;
  const needle = (end * Math.PI) / 180;
  return (
    <>
      <path
        d={`M${at(-120)} A${r} ${r} 0 1 1 ${at(120)}`}
        fill="none"
        stroke="#e8e8e8"
        strokeWidth={r * 0.16}
        strokeLinecap="round"
      />
      {frac > 0.001 ? (
        <path
          d={`M${at(-120)} A${r} ${r} 0 ${end + 120 > 180 ? 1 : 0} 1 ${at(end)}`}
          fill="none"
          stroke={colour}
          strokeWidth={r * 0.16}
          strokeLinecap="round"
          data-frac={frac}
        />
      ) : null}
      <line
        x1={cx}
        y1={cy}
        x2={cx + r * 0.72 * Math.sin(needle)}
        y2={cy - r * 0.72 * Math.cos(needle)}
        stroke="#434343"
        strokeWidth={Math.max(1.5, r * 0.04)}
        strokeLinecap="round"
      />
      <circle cx={cx} cy={cy} r={Math.max(2, r * 0.07)} fill="#434343" />
      <text
        x={cx}
        y={cy + r * 0.5}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={Math.max(10, r * 0.3)}
        fontWeight={600}
        fill="#262626"
      >
        {text}
      </text>
    </>
  );
}

function Trend({ el, ctx }: { el: Of<'trend'>; ctx: RuntimeContextValue }) {
  const { x, y, w, h } = el.frame;
  const now = ctx.now();
  const windowStart = now - el.windowSeconds * 1000;
  const series = el.series.map((s) => ({
    s,
    rows: ctx.store.history(refId(s.point)).filter((r) => r.at >= windowStart),
  }));
  // Until the window fills, the x axis spans what was received (at least a minute), not empty space.
  const oldest = Math.min(...series.map(({ rows }) => rows[0]?.at ?? now));
  const since = Math.max(windowStart, Math.min(oldest, now - 60_000));
  let min = el.min ?? Number.POSITIVE_INFINITY;
  let max = el.max ?? Number.NEGATIVE_INFINITY;
  if (el.min === undefined || el.max === undefined) {
    for (const { rows } of series)
      for (const r of rows) {
        if (el.min === undefined) min = Math.min(min, r.value);
        if (el.max === undefined) max = Math.max(max, r.value);
      }
  }
  if (!Number.isFinite(min) || !Number.isFinite(max)) [min, max] = [0, 1];
  if (max === min) [min, max] = [min - 1, max + 1];
  const pad = 6;
  const px = (at: number) => x + pad + ((at - since) / (now - since)) * (w - 2 * pad);
  const py = (value: number) => y + h - pad - clamp01((value - min) / (max - min)) * (h - 2 * pad);
  return (
    <>
      <rect x={x} y={y} width={w} height={h} rx={4} fill="#ffffff" stroke="#d9d9d9" />
      {[0.25, 0.5, 0.75].map((f) => (
        <line key={f} x1={x + pad} x2={x + w - pad} y1={y + h * f} y2={y + h * f} stroke="#f0f0f0" />
      ))}
      {series.map(({ s, rows }, i) =>
        rows.length > 0 ? (
          <polyline
            // biome-ignore lint/suspicious/noArrayIndexKey: series are positional
            key={i}
            points={rows.map((r) => `${px(r.at).toFixed(1)},${py(r.value).toFixed(1)}`).join(' ')}
            fill="none"
            stroke={s.color}
            strokeWidth={1.8}
            strokeLinejoin="round"
            data-series={i}
          />
        ) : null,
      )}
      {series.map(({ s, rows }, i) => {
        const last = rows[rows.length - 1];
        return last ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: series are positional
          <circle key={`d${i}`} cx={px(last.at)} cy={py(last.value)} r={3} fill={s.color} />
        ) : null;
      })}
      {series.map(({ s }, i) =>
        s.label ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: series are positional
          <text key={`l${i}`} x={x + pad + 2} y={y + 12 + i * 13} fontSize={11} fill={s.color}>
            {s.label}
          </text>
        ) : null,
      )}
    </>
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
