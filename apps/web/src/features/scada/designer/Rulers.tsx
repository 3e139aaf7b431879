import { create } from 'zustand';
import type { Guide } from './geometry';
import type { View } from './store';

export const RULER = 20;
const STEPS = [5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];

function ticks(length: number, offset: number, zoom: number) {
  const step = STEPS.find((s) => s * zoom >= 60) ?? 5000;
  const first = Math.floor(-offset / zoom / step) * step;
  const out: { at: number; value: number }[] = [];
  for (let v = first; v * zoom + offset <= length; v += step) out.push({ at: v * zoom + offset, value: v });
  return { out, minor: (step * zoom) / 5 };
}

/** Rulers along the top and left edges of the stage, in canvas pixels. */
export function Rulers({ view, width, height }: { view: View; width: number; height: number }) {
  const top = ticks(width, view.x, view.zoom);
  const left = ticks(height, view.y, view.zoom);
  const style = { position: 'absolute', background: '#fafafa', zIndex: 3, pointerEvents: 'none' } as const;
  return (
    <>
      <svg
        style={{ ...style, left: 0, top: 0, width, height: RULER, borderBottom: '1px solid #d9d9d9' }}
        aria-hidden
        data-testid="sd-ruler-x"
      >
        {top.out.map((t) => (
          <g key={t.value}>
            <line x1={t.at} x2={t.at} y1={6} y2={RULER} stroke="#8c8c8c" />
            {[1, 2, 3, 4].map((i) => (
              <line
                key={i}
                x1={t.at + i * top.minor}
                x2={t.at + i * top.minor}
                y1={14}
                y2={RULER}
                stroke="#bfbfbf"
              />
            ))}
            <text x={t.at + 3} y={11} fontSize={9} fill="#595959">
              {t.value}
            </text>
          </g>
        ))}
      </svg>
      <svg
        style={{ ...style, left: 0, top: 0, width: RULER, height, borderRight: '1px solid #d9d9d9' }}
        aria-hidden
        data-testid="sd-ruler-y"
      >
        {left.out.map((t) => (
          <g key={t.value}>
            <line y1={t.at} y2={t.at} x1={6} x2={RULER} stroke="#8c8c8c" />
            {[1, 2, 3, 4].map((i) => (
              <line
                key={i}
                y1={t.at + i * left.minor}
                y2={t.at + i * left.minor}
                x1={14}
                x2={RULER}
                stroke="#bfbfbf"
              />
            ))}
            <text x={9} y={t.at + 3} fontSize={9} fill="#595959" transform={`rotate(-90 9 ${t.at + 3})`}>
              {t.value}
            </text>
          </g>
        ))}
      </svg>
    </>
  );
}

/** The snap guides of the running gesture (a store of their own: a drag frame re-renders only them). */
export const useGuides = create<{ guides: Guide[]; set(guides: Guide[]): void }>()((set) => ({
  guides: [],
  set: (guides) => set({ guides }),
}));

export function Guides({ zoom }: { zoom: number }) {
  const guides = useGuides((s) => s.guides);
  return (
    <svg
      // A layer of its own: guides change on every move of a drag, the drawing under them does not.
      style={{
        position: 'absolute',
        left: 0,
        top: 0,
        overflow: 'visible',
        pointerEvents: 'none',
        willChange: 'transform',
      }}
      width={1}
      height={1}
      aria-hidden
    >
      {/* Keyed by place in the list: a guide that moves is updated, not removed and drawn anew. */}
      {guides.map((g, i) =>
        g.axis === 'x' ? (
          <line
            // biome-ignore lint/suspicious/noArrayIndexKey: guides have no identity; see above
            key={i}
            x1={g.at}
            x2={g.at}
            y1={g.from}
            y2={g.to}
            stroke="#eb2f96"
            strokeWidth={1 / zoom}
            data-testid="sd-guide"
          />
        ) : (
          <line
            // biome-ignore lint/suspicious/noArrayIndexKey: guides have no identity; see above
            key={i}
            y1={g.at}
            y2={g.at}
            x1={g.from}
            x2={g.to}
            stroke="#eb2f96"
            strokeWidth={1 / zoom}
            data-testid="sd-guide"
          />
        ),
      )}
    </svg>
  );
}
