/**
 * SCADA runtime benchmark (issue 17): the browser runtime in Chromium, fed like /wss feeds it.
 *
 * 1. Frame work: a generated drawing of ELEMENTS bound elements (text with unit, threshold fills,
 *    symbols with level and fill, pipes with flow) over ELEMENTS points on ELEMENTS/10 devices; every
 *    point changes once a second (each device's LD message at its own moment). p50/p95/max of the
 *    main-thread work per animation frame (store flush, React render, style, layout, paint), and the
 *    worst case of all points changing in one frame. Baseline: the same page with bindings off.
 * 2. First paint of a SYMBOLS-symbol page (bound, with values), mount to the end of the first frame that
 *    shows it. Baseline: the same page with bindings off.
 *
 * The harness (apps/web/src/features/scada/runtime/bench/harness.tsx) is bundled with esbuild (production
 * React) and opened from a temporary directory; nothing listens on the network. Prints one JSON document.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const ELEMENTS = Number(process.env.BENCH_SCADA_ELEMENTS ?? 1000);
const SYMBOLS = Number(process.env.BENCH_SCADA_SYMBOLS ?? 200);
const SECONDS = Number(process.env.BENCH_SCADA_SECONDS ?? 10);
const PAINT_RUNS = Number(process.env.BENCH_SCADA_PAINT_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The designer's harness imports the runtime's, so one bundle serves both parts.
const harness = fileURLToPath(
  new URL('../apps/web/src/features/scada/designer/bench/harness.tsx', import.meta.url),
);
const DRAG_SELECTED = Number(process.env.BENCH_SCADA_DRAG_SELECTED ?? 50);
const DRAG_MOVES = Number(process.env.BENCH_SCADA_DRAG_MOVES ?? 240);

/** What the harness puts on `window` (the bench is type-checked for Node, without the DOM). */
interface Harness {
  firstPaint(count: number, bound: boolean): Promise<{ ms: number; elements: number }>;
  frames(count: number, bound: boolean, seconds: number): Promise<Record<string, number>>;
}
interface DesignerHarness {
  mount(count: number, selected: number): Promise<{ x: number; y: number; elements: number }>;
  start(): void;
  stop(): { frames: number; p50_ms: number; p95_ms: number; max_ms: number; undo_steps: number };
}
type WithHarness = { scadaBench: Harness; scadaDesignerBench: DesignerHarness };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.floor(s.length / 2)] ?? 0) * 100) / 100;
};

async function main() {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'bench-scada-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-timer-throttling'],
  });
  try {
    const bundle = await build({
      entryPoints: [harness],
      bundle: true,
      minify: true,
      format: 'iife',
      jsx: 'automatic',
      target: 'es2022',
      outfile: join(dir, 'harness.js'),
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'error',
      metafile: true,
    });
    const bytes = Object.values(bundle.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0"><div id="root"></div><script src="harness.js"></script></body></html>',
    );
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`file://${join(dir, 'index.html')}`);
    await page
      .waitForFunction(() => 'scadaBench' in globalThis, null, { timeout: 30_000 })
      .catch((error: unknown) => {
        throw new Error(`harness did not load: ${errors.join('\n') || String(error)}`);
      });

    const paint = async (bound: boolean) => {
      const runs: number[] = [];
      for (let i = 0; i < PAINT_RUNS; i++) {
        const r = await page.evaluate(
          ([n, b]) => (globalThis as unknown as WithHarness).scadaBench.firstPaint(n, b),
          [SYMBOLS, bound] as const,
        );
        runs.push(r.ms);
      }
      return { median_ms: median(runs), runs_ms: runs.map((r) => Math.round(r)) };
    };
    // Warm-up (JIT, symbol cache), then alternate so both sides see the same machine.
    await page.evaluate(([n]) => (globalThis as unknown as WithHarness).scadaBench.firstPaint(n, true), [
      SYMBOLS,
    ] as const);
    const paintBound = await paint(true);
    const paintStatic = await paint(false);

    const frames = (bound: boolean) =>
      page.evaluate(([n, b, s]) => (globalThis as unknown as WithHarness).scadaBench.frames(n, b, s), [
        ELEMENTS,
        bound,
        SECONDS,
      ] as const);
    const baseline = await frames(false);
    const bound = await frames(true);

    // 3. The designer (issue 18): drag a selection of DRAG_SELECTED elements across a page of ELEMENTS
    // with real mouse input, snapping on. Baseline: the same pointer path hovering, nothing pressed.
    const at = await page.evaluate(
      ([n, s]) => (globalThis as unknown as WithHarness).scadaDesignerBench.mount(n, s),
      [ELEMENTS, DRAG_SELECTED] as const,
    );
    const path = async () => {
      for (let i = 1; i <= DRAG_MOVES; i++) await page.mouse.move(at.x + i, at.y + (i % 60));
    };
    const record = async (act: () => Promise<void>) => {
      await page.evaluate(() => (globalThis as unknown as WithHarness).scadaDesignerBench.start());
      await act();
      return page.evaluate(() => (globalThis as unknown as WithHarness).scadaDesignerBench.stop());
    };
    await page.mouse.move(at.x, at.y);
    const hover = await record(path);
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    const drag = await record(path);
    await page.mouse.up();
    const after = await page.evaluate(() => (globalThis as unknown as WithHarness).scadaDesignerBench.stop());
    if (errors.length) throw new Error(errors.join('\n'));

    const result = {
      bench: 'scada',
      chromium: browser.version(),
      // The machine's load while measuring: frame times are main-thread times and grow with it.
      load_average_1m: Math.round(loadavg()[0]! * 100) / 100,
      cpus: cpus().length,
      harness_bytes: bytes,
      frame_time: {
        elements: ELEMENTS,
        points: ELEMENTS,
        devices: Math.ceil(ELEMENTS / 10),
        change_rate: 'every point once per second',
        seconds: SECONDS,
        bound,
        baseline_bindings_off: baseline,
        target_p95_ms: 16,
        ok: (bound.p95_ms ?? Number.POSITIVE_INFINITY) < 16,
      },
      first_paint: {
        symbols: SYMBOLS,
        bound: paintBound,
        baseline_bindings_off: paintStatic,
        target_ms: 1000,
        ok: paintBound.median_ms < 1000,
      },
      designer_drag: {
        elements: at.elements,
        selected: DRAG_SELECTED,
        pointer_moves: DRAG_MOVES,
        drag,
        baseline_hover: hover,
        // The drag is one model command at the end: one undo step.
        committed_undo_steps: after.undo_steps,
        target_p95_ms: 16,
        ok: drag.p95_ms < 16 && after.undo_steps === 1,
      },
      wall_seconds: Math.round((Date.now() - started) / 1000),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
