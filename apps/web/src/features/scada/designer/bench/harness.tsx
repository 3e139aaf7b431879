/**
 * The designer's part of `npm run bench:scada` (bench/scada.ts bundles this file, which also brings in
 * the runtime's harness): the real designer stage (react-moveable, react-selecto, snapping, the
 * runtime's renderers) on a generated 1,000-element page, with a selection the bench drags with real
 * mouse input. Frame work is timed per animation frame like the runtime's frames. Not part of the app's build.
 */
import { createRoot, type Root } from 'react-dom/client';
import { generate } from '../../runtime/bench/harness';
import { LiveStore } from '../../runtime/live-store';
import { RuntimeContext, type RuntimeContextValue } from '../../runtime/runtime-context';
import { Stage } from '../Stage';
import { useDesigner } from '../store';

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const nextMessage = () =>
  new Promise<number>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(0);
  });

const ctx: RuntimeContextValue = {
  store: new LiveStore(),
  points: new Map(),
  devices: new Map(),
  writeDenial: () => null,
  send: () => Promise.reject(new Error('bench')),
  commandStatus: () => Promise.reject(new Error('bench')),
  goToPage: () => undefined,
  goToRoute: () => undefined,
  now: () => Date.now(),
  design: true,
};

let root: Root | null = null;

/** Mounts the stage on a generated page with the first `selected` elements selected; returns where to grab them. */
async function mount(count: number, selected: number) {
  const doc = generate(count, 'mixed', false);
  useDesigner.getState().reset(doc);
  root?.unmount();
  root = createRoot(document.getElementById('root')!);
  root.render(
    <RuntimeContext.Provider value={ctx}>
      <div style={{ width: 1400, height: 860, display: 'flex' }}>
        <Stage lang="en" onDropItem={() => undefined} />
      </div>
    </RuntimeContext.Provider>,
  );
  for (let i = 0; i < 10; i++) await nextFrame();
  const page = useDesigner.getState().history.doc.pages.main!;
  useDesigner.getState().select(page.order.slice(0, selected));
  for (let i = 0; i < 10; i++) await nextFrame();
  const el = document.querySelector(`[data-design-id="${page.order[0]}"]`)!.getBoundingClientRect();
  return {
    x: el.x + el.width / 2,
    y: el.y + el.height / 2,
    elements: document.querySelectorAll('.sd-el').length,
  };
}

let samples: number[] = [];
let recording = false;
async function loop() {
  while (recording) {
    const t0 = await nextFrame();
    const t1 = await nextMessage();
    if (recording) samples.push(t1 - t0);
  }
}
function start() {
  samples = [];
  recording = true;
  void loop();
}
const round = (n: number) => Math.round(n * 100) / 100;
function stop() {
  recording = false;
  const s = [...samples].sort((a, b) => a - b);
  const q = (f: number) => s[Math.min(s.length - 1, Math.floor(s.length * f))] ?? 0;
  const first = useDesigner.getState().history;
  return {
    frames: s.length,
    p50_ms: round(q(0.5)),
    p95_ms: round(q(0.95)),
    max_ms: round(s.at(-1) ?? 0),
    undo_steps: first.past.length,
  };
}

declare global {
  interface Window {
    scadaDesignerBench: { mount: typeof mount; start: typeof start; stop: typeof stop };
  }
}
window.scadaDesignerBench = { mount, start, stop };
