/** Gauges and trend charts of the runtime: they read their point straight from the live store. */
import { type Element, formatPointValue, toNumber, type Visual } from '@fleet/scada-model';
import { pointInfo, type RuntimeContextValue } from './runtime-context';

type Of<K extends Element['kind']> = Extract<Element, { kind: K }>;

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** The value of one point as a number (NaN when absent or not numeric). */
function numberOf(ctx: RuntimeContextValue, pointId: string): number {
  const v = ctx.store.get(pointId)?.value;
  return v === null || v === undefined ? Number.NaN : toNumber(v);
}
const refId = (ref: { by: 'id'; pointId: string } | { by: 'name'; name: string }) =>
  ref.by === 'id' ? ref.pointId : `name:${ref.name}`;

export function Gauge({ el, v, ctx }: { el: Of<'gauge'>; v: Visual; ctx: RuntimeContextValue }) {
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

export function Trend({ el, ctx }: { el: Of<'trend'>; ctx: RuntimeContextValue }) {
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
