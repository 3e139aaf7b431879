/**
 * Live channel benchmark (DESIGN 9): one platform process (PGlite) with CLIENTS websocket clients of
 * /wss, each subscribed to a slice of the devices, while readings are driven through
 * runtime.pipeline.ingest at RATE readings/s. Latency is reading ingest call -> client receipt.
 * The baseline in the same run: a bare `ws` server pushing the same frames at the same rate to the
 * same clients (no pipeline, no hub). Clients run in this process too, so both sides share the CPU.
 * During the platform run it also reports the main thread's utilisation and event-loop delay, and the
 * latency of a device list over HTTP every 50 ms.
 * Prints one JSON document.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';
import { buildApp } from '../apps/server/src/app.js';
import { parseConfig } from '../apps/server/src/config.js';
import { transmittedPassword } from '../apps/server/src/platform/auth/password.js';
import { bootstrap } from '../apps/server/src/platform/bootstrap/bootstrap.js';
import { createDatabase } from '../apps/server/src/platform/db/client.js';
import { migrateDatabase } from '../apps/server/src/platform/db/migrate.js';
import { createRuntime } from '../apps/server/src/platform/runtime.js';
import { createFleet, type Fleet } from './support/fleet.js';
import { measureEmbeddedIngest } from './support/ingest-embedded.js';

const DEVICES = Number(process.env.BENCH_LIVE_DEVICES ?? 100);
const POINTS = Number(process.env.BENCH_LIVE_POINTS ?? 10);
const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 1000);
/** Devices per client, consecutive ids starting at client index modulo DEVICES. */
const SLICE = Number(process.env.BENCH_LIVE_SLICE ?? 2);
const RATE = Number(process.env.BENCH_LIVE_RATE ?? 5000);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
const BASELINE_SECONDS = Number(process.env.BENCH_LIVE_BASELINE_SECONDS ?? 10);
/** Rounds of the ingest figures printed alongside (rounds x 100 devices x 20 points readings). */
const INGEST_ROUNDS = Number(process.env.BENCH_LIVE_INGEST_ROUNDS ?? 50);
/** The hub's coalescing window; the baseline flushes on the same beat. */
const COALESCE_MS = 50;

/** Latency histogram in whole milliseconds (the last bucket holds everything slower). */
class Histogram {
  private readonly buckets = new Uint32Array(30_001);
  count = 0;
  max = 0;
  add(ms: number): void {
    const v = Math.max(0, Math.round(ms));
    this.buckets[Math.min(v, this.buckets.length - 1)]!++;
    this.count++;
    if (v > this.max) this.max = v;
  }
  quantile(q: number): number {
    const target = Math.ceil(this.count * q);
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i]!;
      if (seen >= target) return i;
    }
    return this.max;
  }
  summary() {
    return { samples: this.count, p50_ms: this.quantile(0.5), p99_ms: this.quantile(0.99), max_ms: this.max };
  }
}

/** Receiving side shared by both runs: counts LD frames and measures each reading's delay. */
class Receivers {
  histogram = new Histogram();
  messages = 0;
  readings = 0;
  malformed = 0;
  recording = false;
  handle = (data: WebSocket.RawData) => {
    if (!this.recording) return;
    const text = data.toString();
    if (!text.startsWith('LD,')) return;
    const now = Date.now();
    const comma = text.indexOf(',', 3);
    try {
      const rows = JSON.parse(text.slice(comma + 1)) as { at: string }[];
      this.messages++;
      for (const row of rows) {
        this.readings++;
        this.histogram.add(now - Date.parse(row.at));
      }
    } catch {
      this.malformed++;
    }
  };
}

const sliceOf = (fleet: Fleet, client: number) =>
  Array.from({ length: SLICE }, (_, k) => fleet.devices[(client + k) % fleet.devices.length]!.id);

async function connectAll(url: string, fleet: Fleet, receivers: Receivers): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  // In waves, so the accept queue is not flooded.
  for (let start = 0; start < CLIENTS; start += 100) {
    const wave = Array.from({ length: Math.min(100, CLIENTS - start) }, (_, k) => {
      const index = start + k;
      return new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(url);
        socket.on('message', receivers.handle);
        socket.once('error', reject);
        socket.once('open', () => {
          socket.send(`SUB,0,${JSON.stringify(sliceOf(fleet, index))}`);
          socket.send('HB,0,');
          // The HB answer comes after the SUB took effect (the server handles a socket's messages in order).
          const onHb = (data: WebSocket.RawData) => {
            if (!data.toString().startsWith('HB,')) return;
            socket.off('message', onHb);
            resolve(socket);
          };
          socket.on('message', onHb);
        });
      });
    });
    sockets.push(...(await Promise.all(wave)));
  }
  return sockets;
}

/** Calls `emit(batch)` so that RATE readings per second go out, in small ticks, for `seconds`. */
async function drive(
  fleet: Fleet,
  seconds: number,
  emit: (batch: { deviceId: number; pointId: number; ts: number }[]) => void,
): Promise<{ readings: number; seconds: number }> {
  const pairs = fleet.devices.flatMap((d) => d.points.map((pointId) => ({ deviceId: d.id, pointId })));
  const last = new Map<number, number>();
  let cursor = 0;
  let sent = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const due = Math.floor(((performance.now() - start) / 1000) * RATE) - sent;
    if (due <= 0) continue;
    const now = Date.now();
    const batch = [];
    for (let i = 0; i < due; i++) {
      const pair = pairs[cursor++ % pairs.length]!;
      // Strictly increasing per point, so every reading becomes the latest value (and is live).
      const ts = Math.max(now, (last.get(pair.pointId) ?? 0) + 1);
      last.set(pair.pointId, ts);
      batch.push({ ...pair, ts });
    }
    sent += due;
    emit(batch);
  }
  return { readings: sent, seconds: (performance.now() - start) / 1000 };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-live-'));
  const config = parseConfig({ DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web') });
  const database = await createDatabase(config);
  await database.ready;
  await migrateDatabase(database);
  const boot = await bootstrap(database, config);
  const runtime = await createRuntime({ config, database });
  const app = await buildApp({ runtime, config, database, tokenKey: randomBytes(32) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const sockets: WebSocket[] = [];
  let baselineServer: WebSocketServer | undefined;
  try {
    const fleet = await createFleet(database, DEVICES, POINTS);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/login/login',
      payload: {
        username: boot.initialAdmin!.username,
        password: transmittedPassword(boot.initialAdmin!.password),
      },
    });
    const token = (answer.json() as { data: { token: string } }).data.token;
    const port = (app.server.address() as AddressInfo).port;

    // ---- the platform: pipeline -> feed -> bus -> hub -> sockets
    const live = new Receivers();
    sockets.push(...(await connectAll(`ws://127.0.0.1:${port}/wss?token=${token}`, fleet, live)));
    // Where the time goes: ingest call -> committed (the pipeline's durable write) on its own.
    const stored = new Histogram();
    const stopStored = runtime.pipeline.onStored((batch) => {
      const now = Date.now();
      for (const reading of batch) stored.add(now - reading.ts);
    });
    live.recording = true;
    // What a user of the web app feels meanwhile: a device list over real HTTP every 50 ms.
    const api = new Histogram();
    let apiErrors = 0;
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const started = performance.now();
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/device?page=1&limit=20`, {
          headers: { 'x-token': token },
        }).catch(() => null);
        if (res?.ok) {
          await res.arrayBuffer();
          api.add(performance.now() - started);
        } else apiErrors++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const loopBefore = performance.eventLoopUtilization();
    const inflight = new Set<Promise<void>>();
    const driven = await drive(fleet, SECONDS, (batch) => {
      const p = runtime.pipeline.ingest(batch.map((r) => ({ ...r, value: r.ts % 1000 }))).catch(() => {});
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
    });
    await Promise.all(inflight);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the last coalescing window and sends
    live.recording = false;
    stopStored();
    probing = false;
    await probe;
    loopDelay.disable();
    const mainThread = {
      event_loop_utilization:
        Math.round(performance.eventLoopUtilization(loopBefore).utilization * 1000) / 1000,
      event_loop_delay_p99_ms: Math.round(loopDelay.percentile(99) / 1e6),
      event_loop_delay_max_ms: Math.round(loopDelay.max / 1e6),
    };
    const hub = app.liveHub.counters();
    for (const socket of sockets.splice(0)) socket.terminate();

    // ---- baseline: a bare ws server sending the same frames on the same beat
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    baselineServer = server;
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const subscribers = new Map<number, Set<WebSocket>>();
    server.on('connection', (socket) => {
      socket.on('message', (data) => {
        const text = data.toString();
        if (text.startsWith('HB,')) socket.send(`HB,0,${Date.now()}`);
        else if (text.startsWith('SUB,')) {
          for (const id of JSON.parse(text.slice(text.indexOf(',', 4) + 1)) as number[]) {
            const set = subscribers.get(id) ?? new Set<WebSocket>();
            subscribers.set(id, set);
            set.add(socket);
          }
        }
      });
    });
    const basePort = (server.address() as AddressInfo).port;
    const base = new Receivers();
    sockets.push(...(await connectAll(`ws://127.0.0.1:${basePort}`, fleet, base)));
    base.recording = true;
    const pending = new Map<number, object[]>();
    const names = new Map(fleet.devices.flatMap((d) => d.points.map((id, k) => [id, `p${k}`] as const)));
    const beat = setInterval(() => {
      for (const [deviceId, rows] of pending) {
        const frame = `LD,${deviceId},${JSON.stringify(rows)}`;
        for (const socket of subscribers.get(deviceId) ?? []) socket.send(frame);
      }
      pending.clear();
    }, COALESCE_MS);
    const baseDriven = await drive(fleet, BASELINE_SECONDS, (batch) => {
      for (const r of batch) {
        const row = {
          point_id: r.pointId,
          name: names.get(r.pointId),
          slave_id: null,
          value: r.ts % 1000,
          at: new Date(r.ts).toISOString(),
        };
        const list = pending.get(r.deviceId);
        if (list) list.push(row);
        else pending.set(r.deviceId, [row]);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    clearInterval(beat);
    base.recording = false;

    const report = {
      benchmark: 'live channel /wss',
      setup: {
        devices: DEVICES,
        points_per_device: POINTS,
        clients: CLIENTS,
        devices_per_client: SLICE,
        readings_per_s_target: RATE,
        coalesce_ms: COALESCE_MS,
        database: 'PGlite (embedded)',
      },
      platform: {
        seconds: Math.round(driven.seconds * 10) / 10,
        readings_ingested: driven.readings,
        readings_per_s: Math.round(driven.readings / driven.seconds),
        latency_ingest_call_to_client: live.histogram.summary(),
        latency_ingest_call_to_committed: stored.summary(),
        main_thread: mainThread,
        api_device_list_during_run: { ...api.summary(), errors: apiErrors },
        messages_delivered: live.messages,
        messages_per_s: Math.round(live.messages / driven.seconds),
        readings_delivered: live.readings,
        dropped_by_backpressure: hub.dropped,
        malformed_at_client: live.malformed,
        pipeline: runtime.pipeline.counters(),
      },
      baseline_raw_ws: {
        what: 'bare ws server, same frames on the same 50 ms beat, no pipeline and no hub',
        seconds: Math.round(baseDriven.seconds * 10) / 10,
        latency_generation_to_client: base.histogram.summary(),
        messages_delivered: base.messages,
        messages_per_s: Math.round(base.messages / baseDriven.seconds),
      },
    };
    // The ingest benchmark's embedded figures, measured in this run after the live part (fresh database).
    const ingest = await measureEmbeddedIngest(100, 20, INGEST_ROUNDS, 1000, 20_000);
    console.log(JSON.stringify({ ...report, ingest_embedded: ingest }, null, 2));
  } finally {
    for (const socket of sockets) socket.terminate();
    await new Promise<void>((resolve) =>
      baselineServer ? baselineServer.close(() => resolve()) : resolve(),
    );
    await app.close();
    await runtime.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
