import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

const run = promisify(execFile);

/** Debian installs the server binaries outside PATH; PG_BIN overrides, else the newest version. */
function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error(`no PostgreSQL server binaries under ${base} (set PG_BIN)`);
  return join(base, versions[0], 'bin');
}

/** PostgreSQL refuses to run as root: as root, every binary runs as the `postgres` OS user. */
function asPostgresUser(): { owner?: { uid: number; gid: number }; wrap: (cmd: string[]) => string[] } {
  if (process.getuid?.() !== 0) return { wrap: (cmd) => cmd };
  const passwd = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === 'postgres');
  if (!passwd) throw new Error('running as root but there is no postgres OS user to run PostgreSQL as');
  return {
    owner: { uid: Number(passwd[2]), gid: Number(passwd[3]) },
    wrap: (cmd) => ['runuser', '-u', 'postgres', '--', ...cmd],
  };
}

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust auth, listening on 127.0.0.1 only). */
  url: string;
  running: boolean;
  /** `pg_ctl stop -m immediate`: the postmaster and its backends die without a checkpoint (a crash). */
  crash(): Promise<void>;
  /** Starts again on the same port and data directory (crash recovery replays the WAL). */
  start(): Promise<void>;
  /** Stops (immediately) and removes the data directory; safe to call twice or after a failure. */
  destroy(): Promise<void>;
  /** The server log, for failure messages. */
  log(): string;
}

/** initdb + start of a throw-away cluster in a temporary folder, on a free port. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const user = asPostgresUser();
  const dir = mkdtempSync(join(tmpdir(), 'fleet-durability-pg-'));
  if (user.owner) chownSync(dir, user.owner.uid, user.owner.gid);
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const port = await freePort();
  const exec = async (tool: string, args: string[]) => {
    const [command, ...rest] = user.wrap([join(bin, tool), ...args]);
    await run(command!, rest, { timeout: 60_000 });
  };
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;

  let running = false;
  let destroyed = false;
  const pg: PrivatePostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    get running() {
      return running;
    },
    async crash() {
      await exec('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '60']);
      running = false;
    },
    async start() {
      await exec('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', serverOptions]);
      running = true;
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      if (existsSync(join(dataDir, 'postmaster.pid'))) {
        await exec('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '60']).catch(
          () => undefined,
        );
      }
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
    log() {
      return existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    },
  };
  try {
    await exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    await pg.start();
  } catch (error) {
    await pg.destroy();
    throw error;
  }
  return pg;
}
