/**
 * Child process of bench:ota: the simulated OTA gateways (one mqtt.js client and OtaAgent each), so
 * the platform process's memory and event loop are the platform's alone. Over IPC it takes an
 * OtaSimPlan, answers `ready` once every gateway is subscribed, then waits for `baseline` requests
 * (plain downloads of a URL by the same number of clients, at a given concurrency) and `stop`.
 * Every gateway's received bytes are counted (what the platform served).
 */
import { OtaGateway } from '@fleet/device-sim';

export interface OtaSimPlan {
  mqttUrl: string;
  publicKeyPem: string;
  model: string;
  gateways: { imei: string; password: string }[];
}

export type OtaSimRequest =
  | { type: 'baseline'; url: string; clients: number; concurrency: number }
  | { type: 'stop' };

export type OtaSimMessage =
  | { type: 'ready'; connectS: number }
  | { type: 'progress'; reported: number; failed: number; bytes: number }
  | { type: 'baseline'; seconds: number; bytes: number; failed: number }
  | { type: 'stopped'; bytes: number; reported: number; failed: number; ranges: number }
  | { type: 'error'; message: string };

const send = (m: OtaSimMessage) => process.send!(m);
let bytes = 0;

/** fetch that counts the body bytes it hands on (the agent reads the whole body). */
const countingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const body = new Uint8Array(await res.arrayBuffer());
  bytes += body.length;
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
};

async function run(plan: OtaSimPlan) {
  const started = performance.now();
  let reported = 0;
  let failed = 0;
  const sims: OtaGateway[] = [];
  for (let i = 0; i < plan.gateways.length; i += 50) {
    const wave = plan.gateways.slice(i, i + 50).map(async (g) => {
      const sim = new OtaGateway({
        url: plan.mqttUrl,
        imei: g.imei,
        password: g.password,
        model: plan.model,
        publicKey: plan.publicKeyPem,
        counter: 1,
        fetch: countingFetch,
        onProgress: (p) => {
          if (p.state === 'reported') reported++;
          if (p.state === 'failed') failed++;
        },
      });
      await sim.start();
      return sim;
    });
    sims.push(...(await Promise.all(wave)));
  }
  send({ type: 'ready', connectS: (performance.now() - started) / 1000 });
  const ticker = setInterval(() => send({ type: 'progress', reported, failed, bytes }), 1000);
  process.on('message', async (raw) => {
    const request = raw as OtaSimRequest;
    if (request.type === 'baseline') {
      const before = bytes;
      let next = 0;
      let errors = 0;
      const t0 = performance.now();
      const worker = async () => {
        while (next < request.clients) {
          next++;
          const res = await countingFetch(request.url).catch(() => null);
          if (!res?.ok) errors++;
        }
      };
      await Promise.all(Array.from({ length: request.concurrency }, worker));
      send({
        type: 'baseline',
        seconds: (performance.now() - t0) / 1000,
        bytes: bytes - before,
        failed: errors,
      });
      return;
    }
    clearInterval(ticker);
    const ranges = sims.reduce((n, s) => n + s.agent.ranges.length, 0);
    await Promise.all(sims.map((s) => s.stop().catch(() => undefined)));
    send({ type: 'stopped', bytes, reported, failed, ranges });
    process.exit(0);
  });
}

process.once('message', (plan) => {
  run(plan as OtaSimPlan).catch((error: unknown) => {
    send({ type: 'error', message: (error as Error).message });
    process.exit(1);
  });
});
