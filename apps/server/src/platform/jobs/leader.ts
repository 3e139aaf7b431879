import pg from 'pg';
import type { Database } from '../db/client.js';

/**
 * Who runs the periodic ticks (DESIGN 11). On PostgreSQL the leader is the instance whose dedicated
 * connection holds a session-level advisory lock: if that process or its connection dies, PostgreSQL
 * releases the lock and another instance takes it at its next attempt. PGlite is embedded and guarded
 * by the data-directory lock, so its one process is always the leader (same interface, no election).
 */
export interface Leader {
  isLeader(): boolean;
  /** Called with the new state on every change; returns the unsubscribe function. */
  onChange(listener: (leader: boolean) => void): () => void;
  /** Tries at once, then every retryMs while not leader (and checks the connection while leader). */
  start(): void;
  /** Gives up leadership (closes the connection, which releases the lock). */
  stop(): Promise<void>;
}

/** Key of the advisory lock; advisory locks are per database, so one key serves every deployment. */
export const LEADER_LOCK_KEY = 0x666c_6565; // "flee"

export interface LeaderOptions {
  /** Between attempts while a follower, and between connection checks while leader (default 5 s). */
  retryMs?: number;
  logger?: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

export function createLeader(database: Database, options: LeaderOptions = {}): Leader {
  if (database.kind === 'pglite' || !database.url) return createAlwaysLeader();
  return createAdvisoryLockLeader(database.url, options);
}

function createListeners() {
  const listeners = new Set<(leader: boolean) => void>();
  return {
    add(listener: (leader: boolean) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(leader: boolean) {
      for (const listener of listeners) listener(leader);
    },
  };
}

function createAlwaysLeader(): Leader {
  const listeners = createListeners();
  let leader = false;
  return {
    isLeader: () => leader,
    onChange: listeners.add,
    start() {
      if (leader) return;
      leader = true;
      listeners.emit(true);
    },
    async stop() {
      if (!leader) return;
      leader = false;
      listeners.emit(false);
    },
  };
}

function createAdvisoryLockLeader(url: string, options: LeaderOptions): Leader {
  const retryMs = options.retryMs ?? 5000;
  const listeners = createListeners();
  let client: pg.Client | null = null;
  let leader = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> = Promise.resolve();
  /**
   * After losing its connection an instance sits out two attempts: the others (healthy connections,
   * trying every retryMs) take over, rather than the one whose network just failed winning again.
   */
  let sitOutUntil = 0;

  const setLeader = (value: boolean) => {
    if (leader === value) return;
    leader = value;
    options.logger?.info({ leader: value }, value ? 'became the leader' : 'lost the leadership');
    listeners.emit(value);
  };

  /** The connection is gone (terminated, network, stop): so is the lock it held. */
  const drop = (dead: pg.Client) => {
    if (client !== dead) return;
    client = null;
    sitOutUntil = Date.now() + 2 * retryMs;
    dead.end().catch(() => undefined);
    setLeader(false);
  };

  async function connect(): Promise<pg.Client> {
    const fresh = new pg.Client({ connectionString: url, application_name: 'fleet-leader' });
    fresh.on('error', (error) => {
      options.logger?.warn({ err: error }, 'leader connection lost');
      drop(fresh);
    });
    fresh.on('end', () => drop(fresh));
    await fresh.connect();
    return fresh;
  }

  async function tryOnce(): Promise<void> {
    if (Date.now() < sitOutUntil) return;
    try {
      if (!client) client = await connect();
      const current = client;
      if (leader) {
        // A cheap round trip: a terminated backend shows up here even when no 'error' was emitted.
        await current.query('select 1');
        return;
      }
      const result = await current.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        LEADER_LOCK_KEY,
      ]);
      if (!stopped && client === current) setLeader(result.rows[0]?.locked === true);
    } catch (error) {
      options.logger?.warn({ err: error }, 'leader election attempt failed');
      if (client) drop(client);
    }
  }

  const schedule = () => {
    if (stopped) return;
    attempt = attempt.then(tryOnce);
  };

  return {
    isLeader: () => leader,
    onChange: listeners.add,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
      timer = setInterval(schedule, retryMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await attempt;
      const current = client;
      client = null;
      setLeader(false);
      await current?.end().catch(() => undefined);
    },
  };
}
