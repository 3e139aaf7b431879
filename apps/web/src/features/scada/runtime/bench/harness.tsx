/**
 * The page `npm run bench:scada` (bench/scada.ts) bundles and opens in Chromium: the real runtime
 * (ScadaRuntime, LiveStore, the model's evaluator) on a generated drawing, fed values the way /wss
 * does (LD per device), with frame work timed per animation frame. Not part of the app's build.
 */
import type { DataPointRow, ScadaPoints } from '@fleet/contracts';
import { POINT_DEFAULTS } from '@fleet/contracts';
import { type Element, loadDocument, type ScadaDocument } from '@fleet/scada-model';
import { App } from 'antd';
import { createRoot, type Root } from 'react-dom/client';
import '../../../../shared/i18n';
import { PermissionContext } from '../../../../shared/permission/permission';
import { registerScadaRuntimeI18n } from '../i18n';
import { LiveStore } from '../live-store';
import { ScadaRuntime } from '../ScadaRuntime';

registerScadaRuntimeI18n();

const POINTS_PER_DEVICE = 10;
const SYMBOL_IDS = [
  'tank-vertical',
  'pump-centrifugal',
  'valve-ball',
  'motor',
  'fan-axial',
  'lamp-indicator',
];

/** A drawing of `count` elements on a grid; `bound` gives each a binding to its own point. */
export function generate(count: number, mix: 'mixed' | 'symbols', bound: boolean): ScadaDocument {
  const cols = Math.ceil(Math.sqrt((count * 16) / 9));
  const cell = Math.floor(1920 / cols);
  const elements: Record<string, Element> = {};
  const order: string[] = [];
  for (let i = 0; i < count; i++) {
    const frame = {
      x: (i % cols) * cell + 2,
      y: Math.floor(i / cols) * cell + 2,
      w: cell - 4,
      h: cell - 4,
      rotation: 0,
    };
    const point = { by: 'id' as const, pointId: String(i + 1) };
    const kind = mix === 'symbols' ? 3 : i % 5;
    let el: Element;
    if (kind === 0 || kind === 1) {
      el = {
        kind: 'text',
        frame,
        text: '--',
        color: '#262626',
        fontSize: cell / 4,
        align: 'center',
        ...(bound && {
          bindings: [{ point, map: { kind: 'text', translate: true, unit: true, decimals: 1 } }],
        }),
      };
    } else if (kind === 2) {
      el = {
        kind: 'rectangle',
        frame,
        fill: '#d9d9d9',
        stroke: '#595959',
        strokeWidth: 1,
        ...(bound && {
          bindings: [
            {
              point,
              map: {
                kind: 'threshold',
                prop: 'fill',
                below: '#52c41a',
                stops: [
                  { at: 50, color: '#faad14' },
                  { at: 90, color: '#ff4d4f', blink: true },
                ],
              },
            },
          ],
        }),
      };
    } else if (kind === 3) {
      el = {
        kind: 'symbol',
        frame,
        symbol: `builtin:${SYMBOL_IDS[i % SYMBOL_IDS.length]}`,
        ...(bound && {
          bindings: [
            { point, map: { kind: 'linear', prop: 'level', from: [0, 100], to: [0, 1] } },
            {
              point,
              map: {
                kind: 'threshold',
                prop: 'fill',
                below: '#bfbfbf',
                stops: [{ at: 50, color: '#52c41a' }],
              },
            },
          ],
        }),
      };
    } else {
      el = {
        kind: 'pipe',
        frame,
        stroke: '#595959',
        strokeWidth: 6,
        points: [
          { x: 0, y: cell / 2 },
          { x: cell - 4, y: cell / 2 },
        ],
        liquid: '#69b1ff',
        flow: 'none',
        ...(bound && { bindings: [{ point, map: { kind: 'flow', deadband: 50 } }] }),
      };
    }
    elements[`e${i}`] = el;
    order.push(`e${i}`);
  }
  const loaded = loadDocument({
    schemaVersion: 2,
    pages: { main: { name: 'Bench', canvas: { w: 1920, h: 1080, background: '#f5f7fa' }, elements, order } },
    pageOrder: ['main'],
  });
  if (!loaded.ok) throw new Error(`${loaded.path}: ${loaded.message}`);
  return loaded.doc;
}

function pointsOf(count: number): ScadaPoints {
  const devices = Math.ceil(count / POINTS_PER_DEVICE);
  return {
    devices: Array.from({ length: devices }, (_, d) => ({
      id: d + 1,
      name: `Device ${d + 1}`,
      status: 1,
      locked: false,
    })),
    points: Array.from(
      { length: count },
      (_, i): DataPointRow => ({
        ...POINT_DEFAULTS,
        id: i + 1,
        device_id: Math.floor(i / POINTS_PER_DEVICE) + 1,
        name: `p${i + 1}`,
        unit: '°C',
      }),
    ),
  };
}

const nextMessage = () =>
  new Promise<number>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(0);
  });
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

let root: Root | null = null;
function mount(doc: ScadaDocument, points: ScadaPoints, store: LiveStore) {
  const host = document.getElementById('root')!;
  root?.unmount();
  root = createRoot(host);
  root.render(
    <PermissionContext.Provider value={{ authList: ['IndScada', 'Device/control'] }}>
      <App>
        <div style={{ width: 1400, height: 820 }}>
          <ScadaRuntime doc={doc} name="Bench" points={points} store={store} />
        </div>
      </App>
    </PermissionContext.Provider>,
  );
}

/** Mount to painted: render, then the end of the first frame that shows the drawing. */
async function firstPaint(count: number, bound: boolean): Promise<{ ms: number; elements: number }> {
  const store = new LiveStore();
  const points = pointsOf(count);
  const doc = generate(count, 'symbols', bound);
  for (let i = 1; i <= count; i++) store.setValue(String(i), (i * 7) % 100, Date.now());
  await nextFrame();
  const t0 = performance.now();
  mount(doc, points, store);
  for (;;) {
    await nextFrame();
    const t1 = await nextMessage();
    const shown = document.querySelectorAll('[data-testid^="scada-el-"]').length;
    if (shown >= count) return { ms: t1 - t0, elements: shown };
  }
}

/**
 * Frame work while every point changes once a second: `devices` LD messages per second, spread evenly
 * (as devices report independently), each carrying its 10 points. Work per frame is timed from the
 * frame's start to the first task after it (the store's flush, React's render, style, layout, paint).
 */
async function frames(count: number, bound: boolean, seconds: number) {
  let pending: (() => void) | null = null;
  const store = new LiveStore((flush) => {
    pending = flush;
  });
  const points = pointsOf(count);
  mount(generate(count, 'mixed', bound), points, store);
  for (let i = 1; i <= count; i++) store.setValue(String(i), 0, Date.now());
  for (let i = 0; i < 10; i++) await nextFrame();
  const devices = points.devices.length;
  let tick = 0;
  const feeder = setInterval(() => {
    // 20 ms beats: devices/50 devices report per beat, so each reports once a second.
    const per = Math.max(1, Math.round(devices / 50));
    for (let k = 0; k < per; k++) {
      const d = (tick * per + k) % devices;
      const now = Date.now();
      for (let p = 0; p < POINTS_PER_DEVICE; p++) {
        const id = d * POINTS_PER_DEVICE + p + 1;
        if (id <= count) store.setValue(String(id), Math.round(Math.random() * 1000) / 10, now);
      }
    }
    tick++;
  }, 20);
  const samples: number[] = [];
  const scripting: number[] = [];
  const end = performance.now() + seconds * 1000;
  let updates = 0;
  while (performance.now() < end) {
    const t0 = await nextFrame();
    const flush = pending as (() => void) | null;
    pending = null;
    if (flush) {
      updates++;
      flush();
      // React renders the store's changes in a microtask: after these, the DOM is updated.
      for (let i = 0; i < 3; i++) await Promise.resolve();
      scripting.push(performance.now() - t0);
    }
    const t1 = await nextMessage();
    samples.push(t1 - t0);
  }
  clearInterval(feeder);
  // One burst: every point at once in one frame (all devices report together).
  await nextFrame();
  const now = Date.now();
  for (let i = 1; i <= count; i++) store.setValue(String(i), Math.round(Math.random() * 1000) / 10, now);
  const b0 = await nextFrame();
  (pending as (() => void) | null)?.();
  pending = null;
  const burst = (await nextMessage()) - b0;
  samples.sort((a, b) => a - b);
  scripting.sort((a, b) => a - b);
  const q = (f: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * f))] ?? 0;
  return {
    frames: samples.length,
    frames_with_updates: updates,
    p50_ms: round(q(0.5)),
    p95_ms: round(q(0.95)),
    max_ms: round(samples[samples.length - 1] ?? 0),
    all_points_in_one_frame_ms: round(burst),
    /** Store flush and React render/commit only (no style, layout, paint), frames with updates. */
    scripting_p95_ms: round(
      scripting[Math.min(scripting.length - 1, Math.floor(scripting.length * 0.95))] ?? 0,
    ),
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

declare global {
  interface Window {
    scadaBench: { firstPaint: typeof firstPaint; frames: typeof frames };
  }
}
window.scadaBench = { firstPaint, frames };
