/**
 * Conformance with a Modbus implementation nobody here wrote: Debian's python3-pymodbus serves an
 * RTU slave over TCP; a relay dials the platform's DTU port like a 4G gateway would (registration
 * packet, heartbeats) and pipes bytes both ways. Fails (never skips) when pymodbus is missing.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildRegistrationPacket } from '@fleet/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DtuHarness, startDtuHarness, type TestDtuDevice, waitFor } from './dtu.fixtures.js';

const PYTHON = '/usr/bin/python3';
const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'conformance', 'pymodbus_slave.py');

/** The pymodbus slave process: its port, and a read-back of its memory over stdin. */
interface PymodbusSlave {
  port: number;
  read(table: 'hr' | 'co', address: number, count: number): Promise<number[]>;
  stop(): void;
}

async function startPymodbus(): Promise<PymodbusSlave> {
  const child: ChildProcessWithoutNullStreams = spawn(PYTHON, [SCRIPT], { stdio: 'pipe' });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const lines = createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      waiting.push(resolve);
      child.once('error', reject);
      child.once('exit', (code) =>
        reject(new Error(`pymodbus slave exited (${code}): ${stderr.slice(-2000)}`)),
      );
    });
  const first = JSON.parse(await nextLine()) as { port: number };
  return {
    port: first.port,
    async read(table, address, count) {
      const answer = nextLine();
      child.stdin.write(`${table} ${address} ${count}\n`);
      return JSON.parse(await answer) as number[];
    },
    stop: () => {
      child.stdin.end();
      child.kill();
    },
  };
}

/** Dials the platform as device `device`, registers, heartbeats, and relays to the slave's port. */
function startRelay(platformPort: number, slavePort: number, device: TestDtuDevice) {
  const platform = net.connect(platformPort, '127.0.0.1');
  const slave = net.connect(slavePort, '127.0.0.1');
  for (const s of [platform, slave]) {
    s.setNoDelay(true);
    s.on('error', () => undefined);
  }
  platform.on('connect', () => platform.write(buildRegistrationPacket(device.imei, device.key)));
  platform.on('data', (bytes: Buffer) => slave.write(bytes));
  slave.on('data', (bytes: Buffer) => platform.write(bytes));
  const heartbeat = setInterval(() => platform.write('PING'), 150);
  return () => {
    clearInterval(heartbeat);
    platform.destroy();
    slave.destroy();
  };
}

let h: DtuHarness;
let pymodbus: PymodbusSlave;
let stopRelay: () => void;
let device: TestDtuDevice;

beforeAll(async () => {
  pymodbus = await startPymodbus();
  h = await startDtuHarness();
  device = await h.device({
    heartbeat: 'PING',
    slaves: [
      {
        slaveId: 1,
        points: [
          { name: 'u', area: '4X', address: 0 },
          { name: 's', area: '4X', address: 1, dataType: 'int16' },
          { name: 'f', area: '4X', address: 2, dataType: 'float', byteOrder: 'CDAB', decimals: 3 },
          { name: 'c0', area: '0X', address: 0 },
          { name: 'c1', area: '0X', address: 1 },
        ],
      },
    ],
  });
  stopRelay = startRelay(h.gateway.port, pymodbus.port, device);
}, 60_000);

afterAll(async () => {
  stopRelay?.();
  pymodbus?.stop();
  await h?.close();
});

describe('DTU gateway against pymodbus', () => {
  it('reads holding registers (a CDAB float included) and coils', async () => {
    const id = (name: string) => device.pointIds.get(`1:${name}`)!;
    const latest = await waitFor(
      async () => {
        const values = await h.latest(device.id);
        return values.size === 5 ? values : null;
      },
      15_000,
      'values from pymodbus',
    );
    expect(latest.get(id('u'))).toBe(1234);
    expect(latest.get(id('s'))).toBe(-5);
    expect(latest.get(id('f'))).toBe(1234.568);
    expect(latest.get(id('c0'))).toBe(1);
    expect(latest.get(id('c1'))).toBe(0);
    await waitFor(() => h.gateway.counters().heartbeats > 0, 5000, 'heartbeats stripped');
    expect(h.gateway.counters().badFrames).toBe(0);
  });

  it('writes 06, 05 and 10 into pymodbus memory', async () => {
    const write = async (name: string, value: number | boolean) => {
      const dir = await h.runtime.directory.byId(device.id);
      const point = dir!.byName.get(`1:${name}`)!;
      return h.runtime.commands.write({ commandId: 1, deviceId: device.id, point, value });
    };
    expect(await write('u', 4321)).toEqual({ status: 'resp' });
    expect(await pymodbus.read('hr', 0, 1)).toEqual([4321]);
    expect(await write('c1', true)).toEqual({ status: 'resp' });
    expect(await pymodbus.read('co', 1, 1)).toEqual([1]);
    expect(await write('f', -2.5)).toEqual({ status: 'resp' });
    // -2.5 = 0xC0200000, low word first
    expect(await pymodbus.read('hr', 2, 2)).toEqual([0x0000, 0xc020]);
    await waitFor(
      async () => (await h.latest(device.id)).get(device.pointIds.get('1:f')!) === -2.5,
      10_000,
      'float',
    );
  });
});
