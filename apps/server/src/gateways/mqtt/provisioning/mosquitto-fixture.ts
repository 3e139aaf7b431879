import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';

export const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

export interface TestMosquitto {
  port: number;
  url: string;
  admin: { username: string; password: string };
  /** A plain client the platform connects as (MQTT_URL); the provisioner gives it its role. */
  platform: { username: string; password: string };
  /** Stops the broker and starts it again on the same port (its dynamic security file kept). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls until the broker takes a connection (no fixed sleep). */
async function reachable(url: string, username: string, password: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const client = await mqtt.connectAsync(url, {
        username,
        password,
        reconnectPeriod: 0,
        connectTimeout: 1000,
      });
      await client.endAsync(true);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * A private Mosquitto 2 with the dynamic security plugin on a free port, for tests. The machine's
 * broker is never touched.
 */
export async function startTestMosquitto(): Promise<TestMosquitto> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-mosquitto-'));
  const admin = { username: 'fleet-admin', password: 'admin-secret-for-tests' };
  const dynsecFile = join(dir, 'dynamic-security.json');
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', dynsecFile, admin.username, admin.password], {
    stdio: 'ignore',
  });
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  const runAs = process.getuid?.() === 0 ? 'user root\n' : '';
  writeFileSync(
    conf,
    `${runAs}per_listener_settings false\nlistener ${port} 127.0.0.1\nplugin ${DYNSEC_PLUGIN}\n` +
      `plugin_opt_config_file ${dynsecFile}\npersistence false\n`,
  );
  const url = `mqtt://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
    await reachable(url, admin.username, admin.password);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  await start();
  const platform = { username: 'fleet-platform-user', password: 'platform-secret-for-tests' };
  execFileSync(
    'mosquitto_ctrl',
    [
      '-p',
      String(port),
      '-u',
      admin.username,
      '-P',
      admin.password,
      'dynsec',
      'createClient',
      platform.username,
      '-p',
      platform.password,
    ],
    { stdio: 'ignore' },
  );
  return {
    port,
    url,
    admin,
    platform,
    async restart() {
      await stop();
      await start();
    },
    async stop() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
