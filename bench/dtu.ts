/**
 * DTU benchmark (DESIGN 8): one platform process polls many simulated DTU gateways (each two Modbus
 * slaves x 20 holding registers, heartbeats on) over TCP on 127.0.0.1, with the real runtime on
 * PGlite. The simulators run in a child process so the CPU time reported is the platform's.
 * Baseline in the same run: the same fleet with block merging disabled (one request per register).
 * Prints one JSON document. BENCH_GATEWAYS (1000), BENCH_SECONDS (60), BENCH_BASELINE_SECONDS (20).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { PlannerOptions, Scheduler } from '@fleet/protocols';
import { type DtuGateway, startDtuGateway } from '../apps/server/src/gateways/dtu/dtu-gateway.js';
import { createRuntime, type DeviceRuntime } from '../apps/server/src/platform/runtime.js';
import { createDtuFleet, REGISTERS_PER_SLAVE, SLAVE_IDS } from './support/dtu-fleet.js';
import { embeddedDatabase } from './support/fleet.js';

const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 20);
const POLL_INTERVAL_S = 5;
const HEARTBEAT_S = 10;

/** Millisecond timers, sub-millisecond clock: latencies and jitter are measured with it. */
const preciseScheduler: Scheduler = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

async function waitUntil(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** One measured phase: a gateway listener with `planner`, all gateways online, then `seconds` timed. */
async function phase(runtime: DeviceRuntime, port: number, seconds: number, planner?: PlannerOptions) {
  const lateMs: number[] = [];
  const latencyMs: number[] = [];
  let cycles = 0;
  let cycleRequests = 0;
  let cycleBlocks = 0;
  let measuring = false;
  const gateway: DtuGateway = await startDtuGateway(runtime, {
    port,
    host: '127.0.0.1',
    scheduler: preciseScheduler,
    planner,
    observer: {
      pollCycle(info) {
        if (!measuring) return;
        cycles++;
        cycleRequests += info.requests;
        cycleBlocks += info.blocks;
        lateMs.push(info.lateMs);
      },
      response(ms) {
        if (measuring) latencyMs.push(ms);
      },
    },
  });
  try {
    await waitUntil(() => gateway.counters().online >= GATEWAYS, 180_000, 'every gateway online');
    await sleep(POLL_INTERVAL_S * 1000); // every slave polled once: steady state
    const c0 = gateway.counters();
    const s0 = runtime.pipeline.counters();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    measuring = true;
    await sleep(seconds * 1000);
    measuring = false;
    const elapsed = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const c1 = gateway.counters();
    const s1 = runtime.pipeline.counters();
    const transactions =
      c1.responses + c1.exceptions + c1.timeouts - (c0.responses + c0.exceptions + c0.timeouts);
    const readings = c1.readings - c0.readings;
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    return {
      seconds: round(elapsed, 1),
      gateways_online: c1.online,
      transactions_per_s: round(transactions / elapsed, 1),
      /** What the plan asks for every poll period (two slaves). */
      requests_per_poll_cycle_per_gateway:
        cycles > 0 ? round((cycleBlocks / cycles) * SLAVE_IDS.length, 2) : null,
      /** What was queued: fewer when reads of the previous cycle were still pending (overload). */
      requests_queued_per_poll_cycle_per_gateway:
        cycles > 0 ? round((cycleRequests / cycles) * SLAVE_IDS.length, 2) : null,
      poll_cycle_start_jitter_ms: { p50: percentile(lateMs, 50), p99: percentile(lateMs, 99), cycles },
      response_latency_ms: {
        p50: percentile(latencyMs, 50),
        p99: percentile(latencyMs, 99),
        samples: latencyMs.length,
      },
      timeouts: c1.timeouts - c0.timeouts,
      exceptions: c1.exceptions - c0.exceptions,
      bad_frames: c1.badFrames - c0.badFrames,
      heartbeats: c1.heartbeats - c0.heartbeats,
      readings_per_s_polled: round(readings / elapsed, 1),
      readings_per_s_stored: round((s1.stored - s0.stored) / elapsed, 1),
      readings_merged_while_ingest_pending: c1.readingsMerged - c0.readingsMerged,
      cpu_seconds: round(cpuSeconds, 2),
      cpu_percent_of_one_core: round((cpuSeconds / elapsed) * 100, 1),
      readings_per_cpu_second: cpuSeconds > 0 ? round(readings / cpuSeconds, 1) : null,
    };
  } finally {
    await gateway.close();
  }
}

async function main() {
  const bench = await embeddedDatabase();
  const runtime = await createRuntime({ config: { REDIS_URL: undefined }, database: bench.database });
  const tmp = mkdtempSync(join(tmpdir(), 'fleet-bench-dtu-'));
  let child: ReturnType<typeof spawn> | null = null;
  try {
    const fleet = await createDtuFleet(bench.database, GATEWAYS, {
      pollIntervalS: POLL_INTERVAL_S,
      heartbeatIntervalS: HEARTBEAT_S,
    });
    // Find a free port for both phases: the simulators keep dialling the same one.
    const probe = await startDtuGateway(runtime, { port: 0, host: '127.0.0.1' });
    const port = probe.port;
    await probe.close();

    const inputFile = join(tmp, 'gateways.json');
    writeFileSync(
      inputFile,
      JSON.stringify({
        port,
        heartbeatMs: HEARTBEAT_S * 1000,
        gateways: fleet.map(({ imei, key }) => ({ imei, key })),
      }),
    );
    child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'support', 'dtu-sim-child.ts'), inputFile],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    createInterface({ input: child.stdout! }).on('line', () => undefined);

    const merged = await phase(runtime, port, SECONDS);
    const baseline = await phase(runtime, port, BASELINE_SECONDS, { maxRegisters: 1 });
    const result = {
      benchmark: 'dtu',
      setup: {
        gateways: GATEWAYS,
        slaves_per_gateway: SLAVE_IDS.length,
        holding_registers_per_slave: REGISTERS_PER_SLAVE,
        poll_interval_s: POLL_INTERVAL_S,
        heartbeat_interval_s: HEARTBEAT_S,
        database: 'PGlite (embedded, data directory on disk)',
        transport: 'TCP on 127.0.0.1; simulators in a child process',
        cpus: (await import('node:os')).cpus().length,
      },
      merged_blocks: merged,
      baseline_one_request_per_register: baseline,
      ratio: {
        requests_per_poll_cycle_baseline_to_merged:
          merged.requests_per_poll_cycle_per_gateway && baseline.requests_per_poll_cycle_per_gateway
            ? round(
                baseline.requests_per_poll_cycle_per_gateway / merged.requests_per_poll_cycle_per_gateway,
                1,
              )
            : null,
        readings_per_s_merged_to_baseline:
          baseline.readings_per_s_polled > 0
            ? round(merged.readings_per_s_polled / baseline.readings_per_s_polled, 2)
            : null,
        readings_per_cpu_second_merged_to_baseline:
          merged.readings_per_cpu_second && baseline.readings_per_cpu_second
            ? round(merged.readings_per_cpu_second / baseline.readings_per_cpu_second, 2)
            : null,
      },
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await runtime.close();
    await bench.dispose();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
