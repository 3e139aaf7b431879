import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './free-port.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface PlatformOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Extra environment (overrides). */
  env?: Record<string, string>;
}

export interface PlatformPorts {
  http: number;
  /** The embedded broker's port (0 when the platform is a client of an external broker, MQTT_URL). */
  mqtt: number;
  dtu: number;
}

export interface PlatformProcess {
  pid: number;
  /** Every JSON log line so far (non-JSON stdout lines are kept as `{ msg }`). */
  lines: Array<Record<string, unknown>>;
  stderr(): string;
  /** Exit state, stderr tail and the latest log lines, for failure messages. */
  diagnostics(): string;
  /** Warning and error log lines (pino level >= 40), the latest `limit`. */
  problems(limit?: number): string[];
  exited: boolean;
  /** Waits for the HTTP, MQTT and DTU listeners (or the external broker's client) and "database ready". */
  ready(timeoutMs?: number): Promise<PlatformPorts>;
  /** A log line matching `test`, waiting for it. */
  waitForLine(
    test: (line: Record<string, unknown>) => boolean,
    timeoutMs: number,
  ): Promise<Record<string, unknown>>;
  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The production bundle (`node dist/main.js`, built by `npm run build:server`; `npm test` builds it
 * before this stage) as a separate process, exactly as it is deployed: every port 0 (free ones), no
 * web bundle, JSON logs on stdout that tell the ports.
 */
export function spawnPlatform(options: PlatformOptions): PlatformProcess {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    DTU_PORT: '0',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'info',
    WEB_DIST: join(options.dataDir, 'no-web-dist'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  // cwd is the server folder (no .env there is read by accident: dotenv never overrides, but the
  // environment above is complete anyway).
  if (!existsSync(join(serverDir, 'dist', 'main.js'))) {
    throw new Error('apps/server/dist/main.js is missing: run `npm run build:server` first');
  }
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  let stderr = '';
  let pending = '';
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    pending += chunk;
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const text = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (text) {
        try {
          lines.push(JSON.parse(text) as Record<string, unknown>);
        } catch {
          lines.push({ msg: text });
        }
      }
      newline = pending.indexOf('\n');
    }
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    // Keep the tail only: a crash loop must not eat the test's memory.
    stderr = (stderr + chunk).slice(-20_000);
  });

  const describe = () =>
    `platform pid ${child.pid} (exited: ${exited}, code ${child.exitCode})\nstderr: ${stderr.slice(-3000)}\n` +
    `last log lines: ${lines
      .filter((l) => !/password/i.test(String(l.msg)))
      .slice(-15)
      .map((l) => JSON.stringify(l))
      .join('\n')}`;

  const waitForLine: PlatformProcess['waitForLine'] = async (test, timeoutMs) => {
    try {
      return await waitFor(
        'a platform log line',
        () => {
          const found = lines.find(test);
          if (found) return found;
          if (exited) throw new Error('the platform exited');
          return undefined;
        },
        timeoutMs,
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${describe()}`);
    }
  };

  const portOf = (line: Record<string, unknown>) => {
    const port = line.port;
    if (typeof port !== 'number' || port <= 0) throw new Error(`no port in ${JSON.stringify(line)}`);
    return port;
  };

  return {
    get pid() {
      return child.pid ?? -1;
    },
    lines,
    stderr: () => stderr,
    diagnostics: describe,
    problems: (limit = 20) =>
      lines
        // The first start prints the administrator's password once: not repeated in test output.
        .filter((l) => typeof l.level === 'number' && l.level >= 40 && !/password/i.test(String(l.msg)))
        .slice(-limit)
        .map((l) => JSON.stringify(l)),
    get exited() {
      return exited;
    },
    waitForLine,
    async ready(timeoutMs = 60_000) {
      const message = (l: Record<string, unknown>) => String(l.msg ?? '');
      const http = await waitForLine((l) => message(l).startsWith('Fleet platform listening'), timeoutMs);
      const mqtt = await waitForLine(
        (l) =>
          message(l) === 'MQTT broker listening' ||
          message(l) === 'MQTT client of the external broker connected',
        timeoutMs,
      );
      const dtu = await waitForLine((l) => message(l) === 'DTU gateway listening', timeoutMs);
      await waitForLine((l) => message(l) === 'database ready', timeoutMs);
      return {
        http: portOf(http),
        mqtt: message(mqtt) === 'MQTT broker listening' ? portOf(mqtt) : 0,
        dtu: portOf(dtu),
      };
    },
    async kill() {
      if (!exited) child.kill('SIGKILL');
      await exit;
    },
    async stop(graceMs = 10_000) {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exit;
      clearTimeout(timer);
    },
  };
}
