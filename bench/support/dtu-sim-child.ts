/**
 * Child process of the DTU benchmark: runs the simulated gateways, so the platform process's CPU time
 * is the platform's alone. Reads `{ port, heartbeatMs, gateways: [{ imei, key }] }` as JSON from
 * argv[2]'s file, prints `ready` once every gateway connected, stops on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { DtuGateway, SimulatedSlave } from '@fleet/device-sim';
import { REGISTERS_PER_SLAVE, SLAVE_IDS } from './dtu-fleet.js';

interface ChildInput {
  port: number;
  heartbeatMs: number;
  gateways: { imei: string; key: string }[];
}

const input = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as ChildInput;
const sims: DtuGateway[] = [];
let connected = 0;
let announced = false;

function slave(id: number, seed: number) {
  return new SimulatedSlave(
    id,
    Array.from({ length: REGISTERS_PER_SLAVE }, (_, k) => ({
      area: '4X' as const,
      address: k,
      signal: { kind: 'walk' as const, min: 0, max: 1000, step: 5 },
    })),
    { seed },
  );
}

async function main() {
  for (const [i, g] of input.gateways.entries()) {
    const sim = new DtuGateway({
      host: '127.0.0.1',
      port: input.port,
      imei: g.imei,
      key: g.key,
      heartbeat: 'PING',
      heartbeatIntervalMs: input.heartbeatMs,
      slaves: SLAVE_IDS.map((id) => slave(id, i * 10 + id)),
      reconnect: { initialMs: 1000, maxMs: 5000 },
      seed: i + 1,
    });
    sim.on('event', (e) => {
      if (e.type !== 'connected') return;
      connected++;
      if (!announced && connected >= input.gateways.length) {
        announced = true;
        process.stdout.write('ready\n');
      }
    });
    sims.push(sim.start());
    // Dial in batches so the listener's backlog is not flooded.
    if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

process.on('SIGTERM', () => {
  void Promise.all(sims.map((s) => s.stop())).then(() => process.exit(0));
});
void main();
