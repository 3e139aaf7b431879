import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep } from '../../apps/server/test-durability/support/free-port.js';

export interface Mosquitto {
  url: string;
  port: number;
  /** Stops the broker (SIGTERM, then SIGKILL) and removes its temp directory. */
  stop(): Promise<void>;
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * A Mosquitto 2 of the bench's own on a free port of 127.0.0.1, configured in a temp directory.
 * Anonymous clients as on the machine the scale-out walkthrough used (docs/deploy.md section 4,
 * MQTT_PROVISION unset): the devices still send their IMEI and secret, nobody checks them.
 * No persistence (a fresh broker per run) and no cap on queued messages: a backlog of a slow
 * subscriber must wait in the broker, not be dropped after Mosquitto's default of 1,000 per client,
 * or the bench would wait for readings that can never arrive.
 */
export async function startMosquitto(binary = '/usr/sbin/mosquitto'): Promise<Mosquitto> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-mosquitto-'));
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'max_queued_messages 0',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  let stderr = '';
  const child: ChildProcess = spawn(binary, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let waited = 0; !(await portOpen(port)); waited += 50) {
      if (child.exitCode !== null || waited > 10_000)
        throw new Error(`mosquitto did not listen on ${port}: ${stderr || `exit ${child.exitCode}`}`);
      await sleep(50);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `mqtt://127.0.0.1:${port}`, port, stop };
}
