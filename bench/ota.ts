/**
 * OTA benchmark (issue 19): one firmware plan to N simulated gateways (default 1,000,
 * `BENCH_OTA_GATEWAYS`) at `BENCH_OTA_RATE` notices per minute (default 200) with a 5 MB package
 * (`BENCH_OTA_PACKAGE_MB`). The gateways (mqtt.js + the simulator's OTA agent) run in a child process;
 * the platform (PGlite, embedded broker, real clock) runs here, its leader tick driven every 500 ms,
 * while readings are ingested at `BENCH_OTA_INGEST_PER_S` (default 500/s). Checks: every device ends in
 * exactly one final state and the counts add up; the platform's RSS is sampled every 500 ms (streamed
 * downloads keep it flat). Baseline in the same run: a bare node:http server streaming the same file to
 * the same number of clients (at the concurrency the rollout reached). Prints one JSON document.
 * A quick run: `BENCH_OTA_GATEWAYS=100 BENCH_OTA_RATE=6000 npm run bench:ota`.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OtaPlanDetail } from '@fleet/contracts';
import { buildApp } from '../apps/server/src/app.js';
import { parseConfig } from '../apps/server/src/config.js';
import { startMqttGateway } from '../apps/server/src/gateways/mqtt/mqtt-gateway.js';
import { uploadApplication } from '../apps/server/src/modules/ota/plans.fixtures.js';
import { ensureHistoryPartitions } from '../apps/server/src/pipeline/history-partitions.js';
import { transmittedPassword } from '../apps/server/src/platform/auth/password.js';
import { bootstrap } from '../apps/server/src/platform/bootstrap/bootstrap.js';
import { otaSigningKeyFor } from '../apps/server/src/platform/crypto/signing-key.js';
import { createDatabase } from '../apps/server/src/platform/db/client.js';
import { migrateDatabase } from '../apps/server/src/platform/db/migrate.js';
import { createRuntime } from '../apps/server/src/platform/runtime.js';
import { createFleet } from './support/fleet.js';
import type { OtaSimMessage, OtaSimPlan, OtaSimRequest } from './support/ota-sims-child.js';

const GATEWAYS = Number(process.env.BENCH_OTA_GATEWAYS ?? 1000);
const RATE = Number(process.env.BENCH_OTA_RATE ?? 200);
const PACKAGE_MB = Number(process.env.BENCH_OTA_PACKAGE_MB ?? 5);
const INGEST_PER_S = Number(process.env.BENCH_OTA_INGEST_PER_S ?? 500);
/** Gives up (and reports what it has) after this long. */
const TIMEOUT_S = Number(process.env.BENCH_OTA_TIMEOUT_S ?? Math.ceil((GATEWAYS / RATE) * 60) + 600);
const MODEL = 'BENCH-4G';

const progress = (line: string) => process.stderr.write(`[bench:ota] ${line}\n`);
const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;

/** RSS every 500 ms while `during` runs. */
async function sampled<T>(during: () => Promise<T>) {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(process.memoryUsage().rss), 500);
  try {
    const result = await during();
    return {
      result,
      rss: { min_mb: mb(Math.min(...samples)), max_mb: mb(Math.max(...samples)), samples: samples.length },
    };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-ota-'));
  const config = parseConfig({ DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web') });
  const database = await createDatabase(config);
  await database.ready;
  await migrateDatabase(database);
  await ensureHistoryPartitions(database, { now: new Date(), retentionMonths: 24 });
  const boot = await bootstrap(database, config);
  const runtime = await createRuntime({ config, database });
  const app = await buildApp({ runtime, config, database, tokenKey: randomBytes(32) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const broker = await startMqttGateway(runtime, { port: 0, host: '127.0.0.1' });
  const origin = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const child = fork(join(import.meta.dirname, 'support', 'ota-sims-child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let baselineServer: ReturnType<typeof createServer> | undefined;
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login/login',
      payload: {
        username: boot.initialAdmin!.username,
        password: transmittedPassword(boot.initialAdmin!.password),
      },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    const api = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { 'x-token': token, host: origin },
        payload,
      });
      const body = res.json() as { code: number; msg: string; data: T };
      if (body.code !== 0) throw new Error(`${method} ${url}: ${body.code} ${body.msg}`);
      return body.data;
    };

    progress(`${GATEWAYS} gateways, ${RATE}/min, ${PACKAGE_MB} MB package`);
    const ingestFleet = await createFleet(database, 10, 10);
    await new Promise((r) => setTimeout(r, 5)); // createFleet's IMEIs start from the clock
    const fleet = await createFleet(database, GATEWAYS, 1);
    for (let i = 0; i < fleet.devices.length; i += 1000) {
      await api('POST', '/ota/gateways', {
        imeis: fleet.devices
          .slice(i, i + 1000)
          .map((d) => d.imei)
          .join('\n'),
        type: 2,
        model: MODEL,
      });
    }
    const ids: number[] = [];
    for (let page = 1; ids.length < GATEWAYS; page++) {
      const rows = (
        await api<{ rows: { id: number }[] }>('GET', `/ota/gateways?limit=100&page=${page}&model=${MODEL}`)
      ).rows;
      if (rows.length === 0) break;
      ids.push(...rows.map((r) => r.id));
    }
    const bytes = randomBytes(PACKAGE_MB * 1024 * 1024);
    const pkg = (await uploadApplication(app, token, { bytes, models: MODEL, counter: 2, version: '2.0.0' }))
      .body.data;

    const next = () =>
      new Promise<OtaSimMessage>((resolve, reject) => {
        const onMessage = (m: unknown) => {
          if ((m as OtaSimMessage).type === 'progress') return;
          child.off('message', onMessage);
          resolve(m as OtaSimMessage);
        };
        child.on('message', onMessage);
        child.once('exit', (code) => reject(new Error(`simulator child exited (${code})`)));
      });
    let reply = next();
    child.send({
      mqttUrl: `mqtt://127.0.0.1:${broker.port}`,
      publicKeyPem: otaSigningKeyFor(config).publicKeyPem,
      model: MODEL,
      gateways: fleet.devices.map((d) => ({ imei: d.imei, password: d.mqttPassword })),
    } satisfies OtaSimPlan);
    const ready = await reply;
    if (ready.type !== 'ready') throw new Error(`simulator child: ${JSON.stringify(ready)}`);
    progress(`gateways connected in ${ready.connectS.toFixed(1)} s`);
    // The tick reads the logins from the directory: all of them fresh.
    for (const d of fleet.devices) runtime.directory.invalidate(d.id);

    // Ingest meanwhile: 10 devices x 10 points, in ticks of 100 ms.
    let ingested = 0;
    let ingestFailures = 0;
    let ingestMaxMs = 0;
    let ingesting = true;
    const ingestLoop = (async () => {
      const perTick = Math.max(1, Math.round(INGEST_PER_S / 10));
      while (ingesting) {
        const ts = Date.now();
        const batch = Array.from({ length: perTick }, (_, k) => {
          const d = ingestFleet.devices[k % ingestFleet.devices.length]!;
          return {
            deviceId: d.id,
            pointId: d.points[Math.floor(k / 10) % d.points.length]!,
            ts: ts + k,
            value: k,
          };
        });
        const t0 = performance.now();
        await runtime.pipeline.ingest(batch).then(
          () => {
            ingested += batch.length;
          },
          () => {
            ingestFailures += batch.length;
          },
        );
        ingestMaxMs = Math.max(ingestMaxMs, performance.now() - t0);
        await new Promise((r) => setTimeout(r, Math.max(0, 100 - (performance.now() - t0))));
      }
    })();

    const rollout = await sampled(async () => {
      const started = performance.now();
      const plan = await api<OtaPlanDetail>('POST', '/ota/plans', {
        name: 'bench',
        type: 2,
        level: 0,
        gateway_ids: ids,
        application_id: pkg.id,
        rollout: {
          group_sizes: [],
          success_percent: 0,
          failure_percent: 100,
          rate_per_minute: RATE,
          start_delay_max_s: 0,
        },
      });
      let detail = plan;
      let lastLog = 0;
      while (performance.now() - started < TIMEOUT_S * 1000) {
        await app.otaRollout.tick();
        detail = await api<OtaPlanDetail>('GET', `/ota/plans/${plan.id}`);
        if (detail.state === 'completed' || detail.state === 'aborted') break;
        if (performance.now() - lastLog > 10_000) {
          lastLog = performance.now();
          progress(`${JSON.stringify(detail.counts)}`);
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      return { detail, seconds: (performance.now() - started) / 1000 };
    });
    ingesting = false;
    await ingestLoop;
    const ingestSeconds = rollout.result.seconds;

    // Baseline: the same bytes from a bare node:http server streaming the file, same number of clients.
    const file = join(dataDir, 'baseline.bin');
    writeFileSync(file, bytes);
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
      createReadStream(file).pipe(res);
    });
    baselineServer = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const concurrency = Math.max(1, Math.min(GATEWAYS, Math.ceil(RATE / 60)));
    const baseline = await sampled(async () => {
      reply = next();
      child.send({
        type: 'baseline',
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        clients: GATEWAYS,
        concurrency,
      } satisfies OtaSimRequest);
      return reply;
    });
    reply = next();
    child.send({ type: 'stop' } satisfies OtaSimRequest);
    const stopped = await reply;

    const { detail } = rollout.result;
    const counts = detail.counts;
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const final = counts.reported + counts.failed;
    const servedBytes =
      stopped.type === 'stopped' && baseline.result.type === 'baseline'
        ? stopped.bytes - baseline.result.bytes
        : null;
    console.log(
      JSON.stringify(
        {
          gateways: GATEWAYS,
          rate_per_minute: RATE,
          package_mb: PACKAGE_MB,
          plan_state: detail.state,
          counts,
          counts_add_up: total === GATEWAYS,
          every_device_final: final === GATEWAYS,
          duration_s: Math.round(rollout.result.seconds * 10) / 10,
          bytes_served: servedBytes,
          bytes_expected: counts.reported * bytes.length,
          range_requests: stopped.type === 'stopped' ? stopped.ranges : null,
          platform_rss_mb: rollout.rss,
          ingest_meanwhile: {
            target_per_s: INGEST_PER_S,
            achieved_per_s: Math.round(ingested / ingestSeconds),
            failed: ingestFailures,
            max_call_ms: Math.round(ingestMaxMs),
          },
          baseline_raw_http: {
            clients: GATEWAYS,
            concurrency,
            seconds:
              baseline.result.type === 'baseline' ? Math.round(baseline.result.seconds * 10) / 10 : null,
            bytes: baseline.result.type === 'baseline' ? baseline.result.bytes : null,
            failed: baseline.result.type === 'baseline' ? baseline.result.failed : null,
            platform_process_rss_mb: baseline.rss,
          },
        },
        null,
        2,
      ),
    );
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    baselineServer?.close();
    await broker.close();
    await app.close();
    await runtime.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
