/**
 * Monitoring screens benchmark (issue 23), in Chromium:
 *
 * 1. The device map (MapLibre, offline basemap, worker clustering) with DEVICES devices: frame intervals
 *    (p50 / p95 / max) while it pans and zooms for SECONDS. Baseline: the same map with no devices.
 *    Target p95 < 33 ms.
 * 2. The big screen's live panels absorbing RATE live updates a second (LD frames through the real
 *    LiveClient parser and useBigScreenLive, one AL per 100) for SECONDS: frames per second.
 *    Baseline: the same panels with no updates. Target >= 30 fps.
 *
 * The harness (apps/web/src/features/screens/bench/harness.tsx) is bundled with esbuild (production
 * React) and served with the offline basemap by a local HTTP server on 127.0.0.1 (range requests, as the
 * platform serves it). Prints one JSON document.
 */
import {
  copyFileSync,
  createReadStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const DEVICES = Number(process.env.BENCH_SCREENS_DEVICES ?? 10_000);
const RATE = Number(process.env.BENCH_SCREENS_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SCREENS_SECONDS ?? 10);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = fileURLToPath(new URL('..', import.meta.url));
const harness = join(root, 'apps/web/src/features/screens/bench/harness.tsx');
const publicDir = join(root, 'apps/web/public');
const worker = join(root, 'node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs');

interface Frames {
  frames: number;
  fps: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
}
type WithHarness = {
  mapBench: { mount(n: number): Promise<number>; panZoom(seconds: number): Promise<Frames> };
  screenBench: {
    mount(): Promise<void>;
    stream(rate: number, seconds: number): Promise<Frames & { messages: number }>;
  };
};

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.pbf': 'application/x-protobuf',
};

/** Static files of `dirs` (first match), with single byte ranges (the pmtiles reader needs them). */
function serve(dirs: string[]) {
  return createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = dirs
      .map((d) => join(d, path === '/' ? 'index.html' : path))
      .find((f) => {
        try {
          return statSync(f).isFile();
        } catch {
          return false;
        }
      });
    if (!file) {
      // No favicon: answered empty so the page's console stays clean.
      res.writeHead(path === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    const size = statSync(file).size;
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      res.writeHead(206, {
        'content-type': type,
        'content-range': `bytes ${start}-${end}/${size}`,
        'content-length': end - start + 1,
      });
      createReadStream(file, { start, end }).pipe(res);
      return;
    }
    res.writeHead(200, { 'content-type': type, 'content-length': size });
    createReadStream(file).pipe(res);
  });
}

/** Seconds a harness step may take before the run stops with its name (never hangs silently). */
const STEP_TIMEOUT_S = Number(process.env.BENCH_SCREENS_STEP_TIMEOUT ?? 180);
async function step<T>(name: string, run: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`bench step "${name}" took over ${STEP_TIMEOUT_S} s`)),
      STEP_TIMEOUT_S * 1000,
    );
  });
  try {
    return await Promise.race([run, limit]);
  } finally {
    clearTimeout(timer);
  }
}

async function main() {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'bench-screens-'));
  copyFileSync(worker, join(dir, 'maplibre-gl-worker.mjs'));
  await build({
    entryPoints: [harness],
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    target: 'es2022',
    outdir: dir,
    entryNames: 'harness',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
    plugins: [
      {
        // Vite's `?url` import of MapLibre's worker: the file copied beside the harness.
        name: 'worker-url',
        setup(b) {
          b.onResolve({ filter: /\?url$/ }, () => ({ path: 'worker-url', namespace: 'worker-url' }));
          b.onLoad({ filter: /.*/, namespace: 'worker-url' }, () => ({
            contents: 'export default "/maplibre-gl-worker.mjs";',
            loader: 'js',
          }));
        },
      },
    ],
  });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="harness.css"></head><body style="margin:0"><div id="root"></div><script type="module" src="harness.js"></script></body></html>',
  );
  const bytes = readFileSync(join(dir, 'harness.js')).length;
  const server = serve([dir, publicDir]);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-timer-throttling'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    if (process.env.BENCH_DEBUG) {
      page.on('console', (m) => console.error('console', m.type(), m.text().slice(0, 300)));
      page.on('crash', () => console.error('page crashed'));
      page.on('response', (r) => r.status() >= 400 && console.error('http', r.status(), r.url()));
      page.on('close', () => console.error('page closed'));
      browser.on('disconnected', () => console.error('browser disconnected'));
    }
    await page.goto(`${base}/index.html`);
    await page
      .waitForFunction(() => 'mapBench' in globalThis, null, { timeout: 30_000 })
      .catch((error: unknown) => {
        throw new Error(`harness did not load: ${errors.join('\n') || String(error)}`);
      });
    const mapRun = async (n: number) => {
      const firstIdleMs = await step(
        `map mount ${n}`,
        page.evaluate((count) => (globalThis as unknown as WithHarness).mapBench.mount(count), n),
      );
      const frames = await step(
        `map pan/zoom ${n}`,
        page.evaluate((s) => (globalThis as unknown as WithHarness).mapBench.panZoom(s), SECONDS),
      );
      return { devices: n, first_idle_ms: firstIdleMs, frames };
    };
    const emptyMap = await mapRun(0);
    const fullMap = await mapRun(DEVICES);

    await step(
      'big screen mount',
      page.evaluate(() => (globalThis as unknown as WithHarness).screenBench.mount()),
    );
    const idle = await step(
      'big screen baseline',
      page.evaluate((s) => (globalThis as unknown as WithHarness).screenBench.stream(0, s), SECONDS),
    );
    const live = await step(
      'big screen live',
      page.evaluate(([r, s]) => (globalThis as unknown as WithHarness).screenBench.stream(r, s), [
        RATE,
        SECONDS,
      ] as const),
    );
    if (errors.length) throw new Error(errors.join('\n'));
    // Which rasteriser drew the map: with --disable-gpu it is SwiftShader (software GL on the CPU), whose
    // frame times bound the empty map's as much as the devices' (compare with the baseline).
    const webgl = await page.evaluate(`(() => {
      const gl = document.createElement('canvas').getContext('webgl');
      const info = gl && gl.getExtension('WEBGL_debug_renderer_info');
      return gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'none';
    })()`);

    const result = {
      bench: 'screens',
      chromium: browser.version(),
      load_average_1m: Math.round(loadavg()[0]! * 100) / 100,
      cpus: cpus().length,
      harness_bytes: bytes,
      webgl_renderer: webgl,
      device_map: {
        devices: DEVICES,
        seconds: SECONDS,
        pan_zoom: fullMap,
        baseline_empty_map: emptyMap,
        target_p95_ms: 33,
        ok: fullMap.frames.p95_ms < 33,
        /** The devices' cost over the empty map's on this machine (1 = none). */
        p95_vs_baseline:
          Math.round((fullMap.frames.p95_ms / Math.max(1, emptyMap.frames.p95_ms)) * 100) / 100,
      },
      big_screen: {
        updates_per_second: RATE,
        seconds: SECONDS,
        live,
        baseline_no_updates: idle,
        target_fps: 30,
        ok: live.fps >= 30,
        fps_vs_baseline: Math.round((live.fps / Math.max(1, idle.fps)) * 100) / 100,
      },
      wall_seconds: Math.round((Date.now() - started) / 1000),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
