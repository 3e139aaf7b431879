import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aedes } from 'aedes';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from './support/free-port.js';
import { spawnPlatform } from './support/platform-process.js';
import { type PrivatePostgres, startPrivatePostgres } from './support/private-postgres.js';
import { createPublisher } from './support/publisher.js';
import { verdict } from './support/verdict.js';

// The pieces the durability tests stand on, checked on their own so a failure there points at the
// harness rather than at the platform.

async function queryOnce(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('private PostgreSQL', () => {
  let server: PrivatePostgres | undefined;
  afterAll(async () => {
    await server?.destroy();
  });

  it('keeps committed rows across a crash (stop -m immediate) and a restart on the same port', async () => {
    server = await startPrivatePostgres();
    expect(server.url).toBe(`postgres://postgres@127.0.0.1:${server.port}/postgres`);
    await queryOnce(server.url, 'CREATE TABLE probe (n int primary key)');
    await queryOnce(server.url, 'INSERT INTO probe VALUES (1), (2), (3)');

    await server.crash();
    expect(server.running).toBe(false);
    await expect(queryOnce(server.url, 'SELECT 1')).rejects.toThrow();

    await server.start();
    const rows = await queryOnce(server.url, 'SELECT count(*)::int AS n FROM probe');
    expect(rows.rows[0]).toEqual({ n: 3 });
    expect(server.log()).toMatch(/database system was not properly shut down|automatic recovery/);
  });

  it('tells acknowledged messages missing from point_history (millisecond timestamps)', async () => {
    // Same shape as the platform's table; the verdict only reads point_id and ts.
    await queryOnce(
      server!.url,
      'CREATE TABLE point_history (point_id int, ts timestamptz(3), PRIMARY KEY (point_id, ts))',
    );
    const baseTs = Date.UTC(2026, 0, 1, 0, 0, 0, 123);
    const tsOf = (n: number) => baseTs + n;
    const values = [1, 2, 4, 5]
      .map((n) => `(7, to_timestamp(${tsOf(n)} / 1000.0))`)
      .concat(`(8, to_timestamp(${tsOf(3)} / 1000.0))`);
    await queryOnce(server!.url, `INSERT INTO point_history VALUES ${values.join(', ')}`);
    const acked = [1, 2, 3].map((n) => ({ n, at: 0 }));
    const result = await verdict(server!.url, 7, { sent: 5, acked, failed: 1, tsOf }, 1);
    expect(result).toEqual({
      sent: 5,
      acked: 3,
      failed: 1,
      unanswered: 1,
      stored: 4,
      lost: [3],
      storedUnacked: 2,
    });
  });
});

describe('publisher', () => {
  const brokers: Array<{ aedes: Aedes; server: Server }> = [];
  afterAll(async () => {
    for (const broker of brokers) {
      // The broker first: it drops its clients, which a stalled publish would otherwise keep open.
      await new Promise<void>((resolve) => broker.aedes.close(() => resolve()));
      await new Promise<void>((resolve) => broker.server.close(() => resolve()));
    }
  });

  /** A broker that acknowledges only while `accept` says so (else the PUBACK is withheld). */
  async function broker(accept: () => boolean): Promise<{ port: number; received: number[] }> {
    const received: number[] = [];
    const aedes = await Aedes.createBroker({
      authorizePublish: (_client, packet, done) => {
        const body = JSON.parse(packet.payload.toString()) as { values: { n: number } };
        received.push(body.values.n);
        if (accept()) done(null);
      },
    });
    const server = createServer(aedes.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    brokers.push({ aedes, server });
    return { port: (server.address() as AddressInfo).port, received };
  }

  it('counts PUBACKs per message, abandons in-flight ones when it moves to another broker', async () => {
    let accepting = true;
    const first = await broker(() => accepting);
    const second = await broker(() => true);
    const publisher = createPublisher({
      imei: '861000000000001',
      password: 'x',
      pointName: 'n',
      baseTs: 1e12,
      rate: 200,
    });
    try {
      publisher.connect(first.port);
      await waitFor('a connection', () => (publisher.connects > 0 ? true : undefined), 10_000);
      publisher.startSending();
      await waitFor('20 acks', () => (publisher.acked.length >= 20 ? true : undefined), 10_000);
      accepting = false;
      const ackedBeforeStall = publisher.acked.length;
      const sentBeforeStall = publisher.sent;
      await waitFor('more sent', () => (publisher.sent > sentBeforeStall + 20 ? true : undefined), 10_000);
      // Withheld PUBACKs: at most the ones already on their way arrive.
      expect(publisher.acked.length - ackedBeforeStall).toBeLessThan(20);

      publisher.connect(second.port);
      await waitFor('the second connection', () => (publisher.connects > 1 ? true : undefined), 10_000);
      await waitFor(
        'acks from the second broker',
        () => (second.received.length > 20 ? true : undefined),
        10_000,
      );
      publisher.stopSending();
      expect(await publisher.drain(10_000)).toBe(0);

      expect(publisher.failed).toBeGreaterThan(0);
      expect(publisher.acked.length + publisher.failed).toBe(publisher.sent);
      const ackedNumbers = new Set(publisher.acked.map((a) => a.n));
      const seen = new Set([...first.received, ...second.received]);
      for (const n of ackedNumbers) expect(seen.has(n)).toBe(true);
      expect(publisher.tsOf(5)).toBe(1e12 + 5);
    } finally {
      await publisher.close();
    }
  });
});

describe('platform process', () => {
  let server: PrivatePostgres | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-durability-data-'));
  afterAll(async () => {
    await server?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on free ports against the private PostgreSQL and dies on SIGKILL', async () => {
    server = await startPrivatePostgres();
    const platform = spawnPlatform({ dataDir, databaseUrl: server.url });
    try {
      const http = await platform.waitForLine(
        (l) => String(l.msg).startsWith('Fleet platform listening'),
        60_000,
      );
      expect(http.port).toEqual(expect.any(Number));
      await platform.waitForLine((l) => l.msg === 'database ready', 60_000);
      const health = await fetch(`http://127.0.0.1:${http.port}/api/v1/health`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { code: number }).code).toBe(0);
    } finally {
      await platform.kill();
    }
    expect(platform.exited).toBe(true);
  });
});
