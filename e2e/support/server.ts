import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  adminPassword: string;
  /** Ports the embedded MQTT broker and the DTU listener chose (both started on port 0). */
  mqttPort: number;
  dtuPort: number;
}

/** The `port` of the JSON log line whose msg is `message`. */
function loggedPort(output: string, message: string): number | undefined {
  for (const line of output.split('\n')) {
    if (!line.includes(message)) continue;
    try {
      const port = (JSON.parse(line) as { port?: number }).port;
      if (port) return port;
    } catch {
      // not a JSON line
    }
  }
  return undefined;
}

const STARTUP_MS = 60_000;

/** Starts the real platform (as `npm start` does) on a free port with a fresh data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-'));
  // The production bundle, as `npm start` runs it (scripts/e2e.mjs builds it when stale).
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MQTT_PORT: '0',
      DTU_PORT: '0',
      // info: the broker and DTU listener log the ports they chose.
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output = (output + chunk).slice(-200_000);
  });
  child.stderr?.on('data', (chunk) => {
    output = (output + chunk).slice(-200_000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Generous: on a busy two-core machine PGlite migrates for a while.
  const deadline = Date.now() + STARTUP_MS;
  let mqttPort: number | undefined;
  let dtuPort: number | undefined;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    mqttPort ??= loggedPort(output, 'MQTT broker listening');
    dtuPort ??= loggedPort(output, 'DTU gateway listening');
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.ok && mqttPort && dtuPort) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (Date.now() >= deadline) {
    // Never leave a half-started platform (and its demo fleet) running after the run gave up on it.
    child.kill('SIGKILL');
    throw new Error(`server did not answer within ${STARTUP_MS / 1000} s:\n${output}`);
  }
  const file = readFileSync(join(dataDir, 'initial-admin.txt'), 'utf8');
  const adminPassword = /^password: (.+)$/m.exec(file)?.[1]?.trim();
  if (!adminPassword || !mqttPort || !dtuPort) {
    child.kill('SIGKILL');
    throw new Error(
      adminPassword
        ? `server did not log its device ports:\n${output}`
        : 'initial-admin.txt has no password line',
    );
  }
  return { baseUrl, dataDir, process: child, adminPassword, mqttPort, dtuPort };
}
