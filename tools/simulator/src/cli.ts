/**
 * Run one simulated device against a platform and print what it does.
 *
 *   node --import tsx tools/simulator/src/cli.ts --dtu 127.0.0.1:9000 --imei 866123456789012 \
 *     --key 0123456789abcdef0123456789abcdef [--heartbeat PING|0xFE01] [--heartbeat-interval 60] \
 *     [--slaves 2] [--registers 4] [--chunk 3] [--latency 20] [--legacy] \
 *     [--ota-model DTU-4G --ota-key signing-key.pem [--ota-version 1.0.0] [--ota-counter 1]]
 *   (--ota-*: also an OTA gateway on its TCP link, docs/protocols.md "Control frames on the DTU link";
 *    the key file holds the platform's public key PEM: `public_key` of GET /api/v1/ota/signing-key)
 *   node --import tsx tools/simulator/src/cli.ts --mqtt mqtt://127.0.0.1:1883 --imei 866000000000001 \
 *     --password <secret> [--interval 5000]
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DtuGateway, MQTT_DEMO_POINTS, MqttDevice, planFleet, SimulatedSlave } from '@fleet/device-sim';

export type CliCommand =
  | {
      kind: 'dtu';
      host: string;
      port: number;
      imei: string;
      key?: string;
      legacy: boolean;
      heartbeat: string;
      heartbeatIntervalMs: number;
      slaves: number;
      registers: number;
      chunk?: number;
      latencyMs?: number;
      /** Answer OTA notices and gateway commands on the TCP link. */
      ota?: { model: string; keyFile: string; version: string; counter: number };
    }
  | { kind: 'mqtt'; url: string; imei: string; password: string; intervalMs: number };

export const USAGE = `usage:
  cli.ts --dtu host:port --imei <imei> (--key <32 hex> | --legacy) [--heartbeat PING] [--heartbeat-interval 60]
         [--slaves 2] [--registers 4] [--chunk <max bytes>] [--latency <ms>]
         [--ota-model <model> --ota-key <public key pem file> [--ota-version 1.0.0] [--ota-counter 1]]
  cli.ts --mqtt mqtt://host:port --imei <imei> --password <secret> [--interval 5000]`;

function int(value: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be an integer ${min}-${max}`);
  return n;
}

/** Parse the command line; throws an Error with a readable message on bad input. */
export function parseCli(argv: readonly string[]): CliCommand {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      dtu: { type: 'string' },
      mqtt: { type: 'string' },
      imei: { type: 'string' },
      key: { type: 'string' },
      legacy: { type: 'boolean', default: false },
      password: { type: 'string' },
      heartbeat: { type: 'string' },
      'heartbeat-interval': { type: 'string' },
      slaves: { type: 'string' },
      registers: { type: 'string' },
      chunk: { type: 'string' },
      latency: { type: 'string' },
      interval: { type: 'string' },
      'ota-model': { type: 'string' },
      'ota-key': { type: 'string' },
      'ota-version': { type: 'string' },
      'ota-counter': { type: 'string' },
    },
  });
  if (!values.imei) throw new Error('--imei is required');
  if (values.dtu && values.mqtt) throw new Error('give either --dtu or --mqtt, not both');
  if (values.dtu) {
    const m = /^(.+):(\d{1,5})$/.exec(values.dtu);
    if (!m) throw new Error('--dtu must be host:port');
    if (!values.key && !values.legacy) throw new Error('--key is required (or --legacy)');
    if (Boolean(values['ota-model']) !== Boolean(values['ota-key']))
      throw new Error('--ota-model and --ota-key go together');
    return {
      kind: 'dtu',
      host: m[1]!,
      port: int(m[2], 0, 'dtu port', 1, 65535),
      imei: values.imei,
      key: values.key,
      legacy: values.legacy ?? false,
      heartbeat: values.heartbeat ?? 'PING',
      heartbeatIntervalMs: int(values['heartbeat-interval'], 60, 'heartbeat-interval', 0, 86_400) * 1000,
      slaves: int(values.slaves, 2, 'slaves', 1, 254),
      registers: int(values.registers, 4, 'registers', 1, 125),
      chunk: values.chunk === undefined ? undefined : int(values.chunk, 0, 'chunk', 1, 256),
      latencyMs: values.latency === undefined ? undefined : int(values.latency, 0, 'latency', 0, 60_000),
      ota: values['ota-model']
        ? {
            model: values['ota-model'],
            keyFile: values['ota-key']!,
            version: values['ota-version'] ?? '1.0.0',
            counter: int(values['ota-counter'], 1, 'ota-counter', 0, 2 ** 31 - 1),
          }
        : undefined,
    };
  }
  if (values.mqtt) {
    if (!/^mqtts?:\/\//.test(values.mqtt)) throw new Error('--mqtt must be an mqtt:// or mqtts:// url');
    if (!values.password) throw new Error('--password is required');
    return {
      kind: 'mqtt',
      url: values.mqtt,
      imei: values.imei,
      password: values.password,
      intervalMs: int(values.interval, 5000, 'interval', 100, 86_400_000),
    };
  }
  throw new Error('give --dtu host:port or --mqtt url');
}

const log = (imei: string, event: object) =>
  console.log(`${new Date().toISOString()} ${imei} ${JSON.stringify(event)}`);

export async function run(cmd: CliCommand): Promise<() => Promise<void>> {
  if (cmd.kind === 'dtu') {
    const plan = planFleet({
      mqttDevices: 0,
      dtuGateways: 1,
      slavesPerGateway: cmd.slaves,
      registersPerSlave: cmd.registers,
    });
    const slaves = plan.dtu[0]!.slaves.map((s) => new SimulatedSlave(s.id, s.points));
    for (const s of slaves) log(cmd.imei, { slave: s.id, points: s.pointNames() });
    const gw = new DtuGateway({
      host: cmd.host,
      port: cmd.port,
      imei: cmd.imei,
      key: cmd.key,
      legacy: cmd.legacy,
      heartbeat: cmd.heartbeat,
      heartbeatIntervalMs: cmd.heartbeatIntervalMs,
      slaves,
      chunking: cmd.chunk ? { maxChunk: cmd.chunk } : undefined,
      latencyMs: cmd.latencyMs,
      ota: cmd.ota
        ? {
            model: cmd.ota.model,
            publicKey: readFileSync(cmd.ota.keyFile, 'utf8'),
            version: cmd.ota.version,
            counter: cmd.ota.counter,
            onProgress: (progress) => log(cmd.imei, { ota: progress }),
          }
        : undefined,
    });
    gw.on('event', (e) => log(cmd.imei, e));
    gw.start();
    return () => gw.stop();
  }
  const device = new MqttDevice({
    url: cmd.url,
    imei: cmd.imei,
    password: cmd.password,
    intervalMs: cmd.intervalMs,
    points: MQTT_DEMO_POINTS,
  });
  device.on('event', (e) => log(cmd.imei, e));
  await device.start();
  return () => device.stop();
}

async function main(): Promise<void> {
  let cmd: CliCommand;
  try {
    cmd = parseCli(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const stop = await run(cmd);
  const shutdown = () => {
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: Error) => {
    console.error(e.message);
    process.exit(1);
  });
}
